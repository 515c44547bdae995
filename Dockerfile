# Lanxue: one container with the server, the built web app and an embedded SQLite database.
# Build:  docker compose build        Run: docker compose up -d       Data: the /data volume.

# ---- build stage: compile native modules, build server and web, then drop dev dependencies
FROM node:22-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY shared ./shared
COPY server ./server
COPY web ./web
COPY migrations ./migrations
COPY migrations-pg ./migrations-pg
RUN node scripts/build.mjs && npm prune --omit=dev --no-audit --no-fund

# ---- runtime stage: production dependencies, the build and the migrations only
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=8080 \
    HOST=0.0.0.0 \
    DEMO_DATA=0
# Media conversion (issue 4): ffmpeg, LibreOffice without GUI, poppler-utils (pdftoppm, pdfinfo), CJK fonts for
# Chinese documents and slides. Without them uploads still work but stay unconverted.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg libreoffice-writer-nogui libreoffice-calc-nogui \
      libreoffice-impress-nogui poppler-utils fonts-noto-cjk \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/migrations-pg ./migrations-pg
# /recordings: the live server's finished recordings (docker compose's live-recordings volume, shared with it).
RUN mkdir -p /data /recordings && chown node:node /data /recordings
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# V8's young generation capped at 4 MB a semi-space (16 by default): the start's module loading grows it to 32 MB
# that an idle server then keeps; at 4 the hot calls cost the same CPU (scripts/bench/run.mjs reads these flags).
CMD ["node", "--max-semi-space-size=4", "dist/server/main.js"]

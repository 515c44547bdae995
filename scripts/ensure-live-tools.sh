#!/usr/bin/env bash
# Installs the live server's tools from Debian's packages when they are missing (issue 17; scripts/live-server.mjs,
# deploy/live): nginx with its RTMP module (libnginx-mod-rtmp: RTMP ingest, the publish callbacks, HLS,
# recordings) and ffmpeg, which pushes the tests' stream. node-media-server (HTTP-FLV) comes from npm.
# Run as root (npm test calls it); as another user it prints the command to run and fails.
set -euo pipefail
need=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
[ -f /usr/lib/nginx/modules/ngx_rtmp_module.so ] || need+=(libnginx-mod-rtmp)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
if [ ${#need[@]} -eq 0 ]; then
  echo "live tools: nginx, its RTMP module and ffmpeg are installed."
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "live tools: missing ${need[*]}: install them with 'sudo apt-get install -y --no-install-recommends ${need[*]}'" >&2
  echo "(the live tests run a real live server and push a stream with ffmpeg)." >&2
  exit 1
fi
echo "live tools: installing ${need[*]} with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
echo "live tools: installed ${need[*]}."

// Baseline for the benchmark: a bare Fastify server with no database, no session and no logging, answering the fixed
// JSON envelope of checkLogin and, when PAGES_FILE is given ({name: {headers, body}}), GET /page/{name} with the
// very headers and bytes the platform's HTML shell answered: the ceiling the platform's figures are read beside.
import fs from 'node:fs';
import Fastify from 'fastify';

const pages = new Map(
  Object.entries(process.env.PAGES_FILE ? JSON.parse(fs.readFileSync(process.env.PAGES_FILE, 'utf8')) : {}),
);
const app = Fastify({ logger: false });
app.get('/checkLogin', async () => ({ status: 'ok', error: null, data: { login: false } }));
app.get('/page/:name', async (request, reply) => {
  const page = pages.get(request.params.name);
  if (!page) return reply.code(404).send();
  return reply.headers(page.headers).send(page.body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

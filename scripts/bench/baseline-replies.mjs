// Baseline for the catalogue benchmark: a bare Fastify server answering GET or POST /body/{name} with a
// precomputed JSON text read at start from BODIES_FILE ({name: text}): the very bytes the platform replied,
// so both sides send the same size and the same characters. No database, no session, no logging.
import fs from 'node:fs';
import Fastify from 'fastify';

const bodies = new Map(Object.entries(JSON.parse(fs.readFileSync(process.env.BODIES_FILE, 'utf8'))));
const app = Fastify({ logger: false });
const handler = async (request, reply) =>
  reply.type('application/json; charset=utf-8').send(bodies.get(request.params.name) ?? '{}');
app.get('/body/:name', handler);
app.post('/body/:name', handler);
app.get('/checkLogin', async () => ({ status: 'ok', error: null, data: { login: false } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

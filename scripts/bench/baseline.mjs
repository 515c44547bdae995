// Baseline for the benchmark: a bare Fastify server answering a fixed envelope, no database,
// no session, no logging. The platform's figures are read beside this ceiling.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/checkLogin', async () => ({ status: 'ok', error: null, data: { login: false } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

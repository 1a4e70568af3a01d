// The baseline for the availability benchmark: Fastify with one route and nothing else.
import Fastify from 'fastify';

const app = Fastify();
app.get('/bare', async () => ({ ok: true, time: '12:00', capacity_remaining: 6 }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening on', process.env.PORT);

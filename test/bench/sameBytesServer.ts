// The availability query's floor: a bare Fastify route that sends, with no work, the very answer the
// kiosk gives (its headers and its bytes, read from BENCH_ANSWER_FILE as JSON
// {headers, body}). What it costs per request is what SPEC's answer and the security headers cost
// to send on this machine; the availability query cannot cost less.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const answer = JSON.parse(readFileSync(process.env.BENCH_ANSWER_FILE!, 'utf8')) as {
  headers: Record<string, string>;
  body: string;
};
const body = Buffer.from(answer.body, 'utf8');
const app = Fastify();
app.get('/same-bytes', async (_request, reply) => reply.headers(answer.headers).send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Exits on SIGTERM through process.exit, so that a --cpu-prof profile is written (BENCH_CPU_PROF).
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log('listening on', process.env.PORT);

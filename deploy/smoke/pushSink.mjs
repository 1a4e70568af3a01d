// A web push service for deploy/smoke.sh: takes every push the worker sends (HTTPS, under the
// certificate smoke.sh made for the name push-sink) and answers 201 as a push service does; GET
// /received answers how many arrived per subscription path. It cannot decrypt them and need not:
// that a ready notice left the worker for the right subscription is what the smoke checks.
import { createServer } from 'node:https';
import { readFileSync } from 'node:fs';

const received = {};
createServer(
  { key: readFileSync('/smoke-state/push-sink.key'), cert: readFileSync('/smoke-state/push-sink.pem') },
  (request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.method === 'GET' && request.url === '/received') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
        return;
      }
      if (request.method === 'POST') received[request.url] = (received[request.url] ?? 0) + 1;
      response.writeHead(201).end();
    });
  },
).listen(8443, () => console.log('push sink listening on 8443'));

// The reactors and their senders (api/reactors/runReactor.ts), each leased to one process and
// woken by the bus's appends, in this order (the order they are woken in). Each plugin starts what
// it owns and stops it when the server closes, after the timers (reverse order of registration).
import fp from 'fastify-plugin';
import { mail } from './mail.js';
import { push } from './push.js';
import { sms } from './sms.js';
import { erasure } from './erasure.js';
import { waitlist } from './waitlist.js';

export const reactors = fp(
  async (app) => {
    await app.register(mail);
    await app.register(push);
    await app.register(sms);
    await app.register(erasure);
    await app.register(waitlist);
  },
  { name: 'reactors' },
);

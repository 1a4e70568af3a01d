// Which of the store's contents are the reactors' state (read-models/reactorStateStore.ts): the
// mail outbox and log, the relay's state, the push and SMS work items, the reactors' checkpoints
// (mail, push, SMS, the erasures' completion and the waitlist's offers) and the claims per message. A function, not a
// constant: api/stores.ts imports this, and the reactors' modules import much of the api.
import { ERASURE_REACTOR } from './erasure/erasure.js';
import { MAIL_CLAIMS, MAIL_LOG, MAIL_RELAY } from './mail/outbox.js';
import { MAIL_REACTOR } from './mail/reactor.js';
import { PUSH_CLAIMS, PUSH_LOG, PUSH_REACTOR } from './push/reactor.js';
import { SMS_CLAIMS, SMS_LOG, SMS_REACTOR } from './sms/reactor.js';
import { WAITLIST_REACTOR } from './waitlist/offerReactor.js';
import { LEASES } from '../projections/leasedRunner.js';
import type { ReactorStateNames } from '../read-models/reactorStateStore.js';

export const reactorStateNames = (): ReactorStateNames => ({
  collections: [MAIL_LOG, MAIL_RELAY, PUSH_LOG, SMS_LOG],
  checkpoints: [MAIL_REACTOR, PUSH_REACTOR, SMS_REACTOR, ERASURE_REACTOR, WAITLIST_REACTOR],
  claimScopes: [MAIL_CLAIMS, PUSH_CLAIMS, SMS_CLAIMS],
  runnerScope: LEASES,
});

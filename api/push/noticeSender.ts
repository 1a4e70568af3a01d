// Sends the due ready notices the push reactor wrote (push/reactor.ts), in every process that runs
// reactors: the web-push channel of the leased work-item sender (api/outbox/leasedSender.ts), which
// takes each under a short lease of its own, stores its outcome before the lease ends and tries a
// notice again when our own stores fail while it is built, so a process that dies mid-send holds
// one notice back for at most the lease's length and nothing else.
//
// What a push service answers decides what happens next: 2xx sent; 404/410 the browser has let go
// of the subscription, so it is dropped (an event on the push-subscriptions stream) and never
// tried again; 429, 5xx or no answer back off (1 s, then 2 s) and are tried again up to
// NOTICE_MAX_TRIES (3), then given up and logged (a ready notice is worth little an hour late); any other
// 4xx is given up at once. One notice failing never holds back another.
//
// A notice none of whose pushes reached a browser (each subscription gone or given up) is mailed
// after all (rule: notice-channel): a customer whose browser let go of its subscription still
// hears that the pizza is ready. The mail is the item the mail reactor writes for a notice whose
// channel is mail, under the same id, so however many processes settle the last pushes, one
// mail goes (the mail sender's lease per id sends an id once).
import type { EventStore } from '../../domain/eventStore.js';
import type { EventOf } from '../../domain/events.js';
import { kioskDayEvents } from '../../domain/kioskDay/kioskDay.js';
import type { Recorded } from '../../domain/shared/events.js';
import { subscriptionsOf } from '../../domain/push/push.js';
import { MAIL_LOG, newItem } from '../mail/outbox.js';
import { pushNoticeOf } from './notices.js';
import { PUSH_CLAIMS, PUSH_LOG, pushState, type PushItem } from './reactor.js';
import type { PushSender } from './sender.js';
import { NoticeChannel, type LeaseGuard, type LeasedSenderOptions, type Outcome } from '../outbox/leasedSender.js';

const IN_FLIGHT = 8;

export interface PushNoticeSenderOptions extends LeasedSenderOptions {
  events: EventStore;
  sender: PushSender;
  /** Records that a subscription is gone (api/services/push.ts drop). */
  dropSubscription: (id: string, status: number) => Promise<void>;
  /** Told when a notice went to the mail outbox instead (the mail senders look at once). */
  onMail?: () => void;
}

export class PushNoticeSender extends NoticeChannel<PushItem> {
  constructor(private readonly o: PushNoticeSenderOptions) {
    super({ name: 'Push', collection: PUSH_LOG, claims: PUSH_CLAIMS, inFlight: IN_FLIGHT }, o);
  }

  async attempt(item: PushItem, guard: LeaseGuard): Promise<Outcome<PushItem>> {
    // Reads of our own stores: one that throws is tried again (api/outbox/leasedSender.ts).
    const [subscription] = subscriptionsOf(await pushState(this.o.events), item.booking_id).filter(
      (s) => s.id === item.subscription_id,
    );
    const placed = kioskDayEvents
      .decodeAll(await this.o.events.readStream(item.stream))
      .find(
        (e): e is Recorded<EventOf<'BookingPlaced'>> =>
          e.type === 'BookingPlaced' && e.data.booking_id === item.booking_id,
      );
    // Dropped or erased since the notice was decided: nobody left to tell.
    if (!subscription || !placed)
      return this.settledAs({ ...item, state: 'failed', last_error: 'the subscription or the booking is gone' });

    await guard.fence();
    const outcome = await this.o.sender.send(
      subscription,
      pushNoticeOf({ kind: item.kind ?? 'order_ready', params: item.params }, placed.data),
    );
    const attempts = item.attempts + 1;
    const at = this.now().toISOString();
    if (outcome.outcome === 'sent')
      return this.settledAs({ ...item, state: 'sent', attempts, status: outcome.status, last_error: null, at });
    if (outcome.outcome === 'gone') {
      await this.o.dropSubscription(subscription.id, outcome.status);
      return this.settledAs({ ...item, state: 'gone', attempts, status: outcome.status, at });
    }
    return this.refused(item, outcome, `Web push to subscription ${subscription.id} for ${item.booking_id}`);
  }

  /** A notice that reached no browser is mailed instead. */
  async settled(item: PushItem): Promise<void> {
    if (item.state !== 'sent') await this.mailIfNoneReached(item);
  }

  /**
   * Mails the notice when every push of it is settled and none was sent. Each push stores its own
   * outcome before it looks at the others, so the last to settle always sees them all.
   */
  private async mailIfNoneReached(item: PushItem): Promise<void> {
    const { event_id, event_type, position } = item;
    if (!event_id || !event_type || position === undefined) return; // written before the fallback
    const pushes = await this.o.docs.find<PushItem>(PUSH_LOG, { event_id });
    if (pushes.some((push) => push.state === 'sent' || push.state === 'pending')) return;
    const id = `${event_id}-customer`;
    if (await this.o.docs.get(MAIL_LOG, id)) return;
    const mail = newItem(
      { id: event_id, type: event_type, position },
      'customer',
      { kind: item.kind ?? 'order_ready', booking_id: item.booking_id, params: item.params ?? {} },
      this.now(),
    );
    await this.o.docs.commit([{ op: 'put', collection: MAIL_LOG, doc: mail }]);
    this.log(`No web push of ${event_type} for ${item.booking_id} reached a browser: mailed instead`);
    this.o.onMail?.();
  }
}

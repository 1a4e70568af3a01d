// Sends the due SMS items the SMS reactor wrote (sms/reactor.ts), in every process that runs
// reactors, as the push notice sender does (push/noticeSender.ts): each under a short lease of its
// own with its outcome stored before the lease ends, so two processes never send one item twice
// and one failing SMS holds back no other. 429, 5xx or no answer back off (1 s, then 2 s) and are
// tried again up to MAX_TRIES; any other refusal is given up at once and logged.
import type { EventStore } from '../../domain/eventStore.js';
import type { DayEventAt } from '../../domain/kioskDay/readyNotice.js';
import { delayUndoneSms, delayedSms, mobileE164, readySms, reminderSms } from '../../domain/sms/sms.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import type { SmsSender } from './elks.js';
import { SMS_CLAIMS, SMS_LOG, type SmsItem } from './reactor.js';

const LEASE_MS = 30_000;
export const MAX_TRIES = 3;
const RETRY_MS = 1000;
const IN_FLIGHT = 4;

export interface SmsItemSenderOptions {
  events: EventStore;
  docs: DocumentStore;
  sender: SmsSender;
  owner: string;
  /** The kiosk's name, which starts every SMS. */
  kioskName: string;
  /**
   * Where 46elks posts the item's delivery reports (rule: sms-delivery-reports), or null for none:
   * the public URL of the callback route with the item's own key (sms/deliveryReports.ts).
   */
  deliveryReportUrl?: ((itemId: string) => string) | null;
  now?: () => Date;
  pollIntervalMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export class SmsItemSender {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private readonly now: () => Date;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(private readonly o: SmsItemSenderOptions) {
    this.now = o.now ?? (() => new Date());
    this.log = o.log ?? ((m, e) => console.error(m, e ?? ''));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  /** New items may be due: look now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.round();
      } catch (error) {
        this.log('SMS sender failed; trying again', error);
      }
      if (!this.running) break;
      if (this.woken) {
        this.woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.wakeUp = null;
          resolve();
        }, this.o.pollIntervalMs ?? 250);
        this.wakeUp = () => {
          clearTimeout(timer);
          this.wakeUp = null;
          this.woken = false;
          resolve();
        };
      });
    }
  }

  private async round(): Promise<void> {
    const due = await this.o.docs.find<SmsItem>(
      SMS_LOG,
      { state: 'pending', due_ms: { $lte: this.now().getTime() } },
      { sort: [['due_ms', 1]], limit: IN_FLIGHT * 4 },
    );
    let next = 0;
    const worker = async () => {
      while (next < due.length && this.running) await this.handle(due[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, due.length) }, worker));
  }

  private async handle(item: SmsItem): Promise<void> {
    const { docs, owner } = this.o;
    const lease = await docs.lease(SMS_CLAIMS, item.id, owner, LEASE_MS);
    if (lease === 'theirs') return;
    if (lease === 'done') {
      // Settled since this round listed it: only a lost mark is repaired.
      const current = await docs.get<SmsItem>(SMS_LOG, item.id);
      if (current?.state === 'pending') await this.store({ ...current, state: 'sent', at: this.now().toISOString() });
      return;
    }
    const settle = async (settled: SmsItem) => {
      await this.store(settled);
      await docs.endLease(SMS_CLAIMS, item.id, owner, 'done');
    };
    // Another process may have settled it between the listing and the lease.
    const current = (await docs.get<SmsItem>(SMS_LOG, item.id)) ?? item;
    if (current.state !== 'pending') return docs.endLease(SMS_CLAIMS, item.id, owner, 'done');
    const placed = ((await this.o.events.readStream(current.stream)) as unknown as DayEventAt[]).find(
      (e): e is DayEventAt & { type: 'BookingPlaced' } =>
        e.type === 'BookingPlaced' && e.data.booking_id === current.booking_id,
    );
    // Erased since (the number reads '[raderad]'): nobody left to tell.
    const to = mobileE164(placed?.data.phone);
    if (!placed || !to) return settle({ ...current, state: 'failed', last_error: 'the booking or its number is gone' });

    const outcome = await this.o.sender.send({
      to,
      message: smsText(current, placed.data, this.o.kioskName),
      whendelivered: this.o.deliveryReportUrl?.(current.id),
    });
    const attempts = current.attempts + 1;
    const at = this.now().toISOString();
    if (outcome.outcome === 'sent')
      return settle({
        ...current,
        state: 'sent',
        attempts,
        status: outcome.status,
        provider_id: outcome.id,
        last_error: null,
        at,
      });
    if (!outcome.retryable || attempts >= MAX_TRIES) {
      this.log(`SMS for ${current.booking_id} given up after ${attempts} tries: ${outcome.error}`);
      return settle({ ...current, state: 'failed', attempts, status: outcome.status, last_error: outcome.error, at });
    }
    await this.store({
      ...current,
      attempts,
      status: outcome.status,
      last_error: outcome.error,
      due_ms: this.now().getTime() + RETRY_MS * 2 ** (attempts - 1),
    });
    await docs.endLease(SMS_CLAIMS, item.id, owner, 'release');
  }

  /** Stored without its position guard: the sender's state is newer than any replay of the log. */
  private async store(item: SmsItem): Promise<void> {
    const doc = { ...item };
    delete doc._pos;
    await this.o.docs.commit([{ op: 'put', collection: SMS_LOG, doc }]);
  }
}

/** What the item says: its kind's text (domain/sms/sms.ts). */
function smsText(
  item: Pick<SmsItem, 'kind' | 'params'>,
  booking: { booking_id: string; booking_time: string; dine_in: boolean },
  kiosk: string,
): string {
  switch (item.kind) {
    case 'order_ready':
      return readySms(booking, kiosk);
    case 'booking_reminder':
      return reminderSms(booking, kiosk);
    case 'booking_delayed':
      return delayedSms(booking, item.params ?? { minutes: 0, delayed_to: booking.booking_time }, kiosk);
    case 'booking_delay_undone':
      return delayUndoneSms(booking, kiosk);
  }
}

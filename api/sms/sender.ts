// Sends the due SMS items the SMS reactor wrote (sms/reactor.ts), in every process that runs
// reactors: the SMS channel of the leased work-item sender (api/outbox/leasedSender.ts), each item
// under a short lease of its own with its outcome stored before the lease ends, so two processes
// never send one item twice and one failing SMS holds back no other. 429, 5xx or no answer back
// off (1 s, then 2 s) and are tried again up to NOTICE_MAX_TRIES (3); any other refusal is given
// up at once and logged.
import type { EventStore } from '../../domain/eventStore.js';
import type { EventOf } from '../../domain/events.js';
import { kioskDayEvents } from '../../domain/kioskDay/kioskDay.js';
import type { Recorded } from '../../domain/shared/events.js';
import { delayUndoneSms, delayedSms, mobileE164, readySms, reminderSms } from '../../domain/sms/sms.js';
import type { SmsSender } from './elks.js';
import { SMS_CLAIMS, SMS_LOG, type SmsItem } from './reactor.js';
import { NoticeChannel, type LeaseGuard, type LeasedSenderOptions, type Outcome } from '../outbox/leasedSender.js';

const IN_FLIGHT = 4;

export interface SmsItemSenderOptions extends LeasedSenderOptions {
  events: EventStore;
  sender: SmsSender;
  /** The kiosk's name, which starts every SMS. */
  kioskName: string;
  /**
   * Where 46elks posts the item's delivery reports (rule: sms-delivery-reports), or null for none:
   * the public URL of the callback route with the item's own key (sms/deliveryReports.ts).
   */
  deliveryReportUrl?: ((itemId: string) => string) | null;
}

export class SmsItemSender extends NoticeChannel<SmsItem> {
  constructor(private readonly o: SmsItemSenderOptions) {
    super({ name: 'SMS', collection: SMS_LOG, claims: SMS_CLAIMS, inFlight: IN_FLIGHT }, o);
  }

  async attempt(item: SmsItem, guard: LeaseGuard): Promise<Outcome<SmsItem>> {
    // Reads of our own stores: one that throws is tried again (api/outbox/leasedSender.ts).
    // Another process may have settled it between the listing and the lease.
    const current = (await this.o.docs.get<SmsItem>(SMS_LOG, item.id)) ?? item;
    if (current.state !== 'pending') return this.settledAs(current);
    const placed = kioskDayEvents
      .decodeAll(await this.o.events.readStream(current.stream))
      .find(
        (e): e is Recorded<EventOf<'BookingPlaced'>> =>
          e.type === 'BookingPlaced' && e.data.booking_id === current.booking_id,
      );
    // Erased since (the number reads '[raderad]'): nobody left to tell.
    const to = mobileE164(placed?.data.phone);
    if (!placed || !to)
      return this.settledAs({ ...current, state: 'failed', last_error: 'the booking or its number is gone' });

    await guard.fence();
    const outcome = await this.o.sender.send({
      to,
      message: smsText(current, placed.data, this.o.kioskName),
      whendelivered: this.o.deliveryReportUrl?.(current.id),
    });
    if (outcome.outcome === 'sent')
      return this.settledAs({
        ...current,
        state: 'sent',
        attempts: current.attempts + 1,
        status: outcome.status,
        provider_id: outcome.id,
        last_error: null,
        at: this.now().toISOString(),
      });
    return this.refused(current, outcome, `SMS for ${current.booking_id}`);
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

// What a customer mail needs to name the seller and the VAT of a sale (rules seller-details and
// sale-record): the kiosk settings' seller and the accounting settings' rate table, folded from
// their streams as they stood when the mail's event was recorded, so a replay writes the same mail.
import type { Prepayment } from '../../domain/accounting/prepayment.js';
import type { EventStore, RecordedEvent } from '../../domain/eventStore.js';
import type { Decider, DomainEvent } from '../../domain/shared/decider.js';
import type { StreamEvents } from '../../domain/shared/events.js';
import {
  ACCOUNTING_SETTINGS_STREAM,
  accountingSettingsDecider,
  accountingSettingsEvents,
  currentAccountingSettings,
  type AccountingSettings,
} from '../../domain/accounting/accounting.js';
import { SETTINGS_STREAM, currentSettings, settingsDecider, settingsEvents } from '../../domain/settings/settings.js';
import { withKioskName } from '../../domain/settings/kiosk.js';
import { receiptVat } from '../../domain/accounting/saleRecord.js';
import type { Seller } from '../../domain/settings/seller.js';
import type { MailBooking, SaleRecord } from './templates.js';

export interface SaleContext {
  seller: Seller;
  accounting: AccountingSettings;
}

/** One settings stream as read so far, and the state folded from its first `folded` events. */
interface ReadStream<S> {
  events: RecordedEvent[];
  /** Every event of the stream at or before this log position is in `events`. */
  through: number;
  folded: number;
  state: S;
}

/**
 * The seller and the rate table in force at a log position, for a process that asks again and
 * again (the mail sender and reactor: every customer mail).
 * Reading and opening both streams for each mail was a tenth of the sender's CPU in a rush (a CPU
 * profile of the mail bench); these streams change a few times a year. It keeps what it read and
 * reads again only when asked about a position past the log's head at its last read, then only
 * the events appended since. An event at or before a head it read is never missed: the head is
 * taken before the stream is read, and the log only grows.
 */
export class SaleContextReader {
  private readonly settings: ReadStream<ReturnType<typeof settingsDecider.initialState>>;
  private readonly accounting: ReadStream<ReturnType<typeof accountingSettingsDecider.initialState>>;

  constructor(private readonly events: EventStore) {
    this.settings = { events: [], through: -1, folded: 0, state: settingsDecider.initialState() };
    this.accounting = { events: [], through: -1, folded: 0, state: accountingSettingsDecider.initialState() };
  }

  /** The read under way: callers side by side (the sender's several in flight) share it. */
  private reading: Promise<void> | null = null;

  async at(upTo: number): Promise<SaleContext> {
    while (upTo > this.accounting.through) await (this.reading ??= this.readOn().finally(() => (this.reading = null)));
    return {
      seller: withKioskName(currentSettings(this.stateAt(this.settings, settingsEvents, settingsDecider, upTo))),
      accounting: currentAccountingSettings(
        this.stateAt(this.accounting, accountingSettingsEvents, accountingSettingsDecider, upTo),
      ),
    };
  }

  /** Reads what was appended to both streams since the last read, and the head it covers. */
  private async readOn(): Promise<void> {
    const head = await this.events.headPosition();
    const [settings, accounting] = await Promise.all([
      this.events.readStream(SETTINGS_STREAM, this.settings.events.length),
      this.events.readStream(ACCOUNTING_SETTINGS_STREAM, this.accounting.events.length),
    ]);
    this.settings.events.push(...settings);
    this.settings.through = head;
    this.accounting.events.push(...accounting);
    this.accounting.through = head;
  }

  /** The state after the stream's events at or before upTo, folded again only when that count changed. */
  private stateAt<C, E extends DomainEvent, S>(
    read: ReadStream<S>,
    stream: StreamEvents<E>,
    decider: Decider<C, E, S>,
    upTo: number,
  ): S {
    let count = 0;
    while (count < read.events.length && read.events[count].position <= upTo) count += 1;
    if (count !== read.folded) {
      read.state = stream
        .decodeAll(read.events.slice(0, count))
        .reduce((state, e) => decider.evolve(state, e), decider.initialState());
      read.folded = count;
    }
    return read.state;
  }
}

/**
 * A booking's record of sale: the seller and its receipt's VAT per rate (the books' rule; a booking
 * paid online at the rate of the day it was paid, rule vat-on-prepayment).
 */
export const saleRecordOf = (
  booking: Pick<MailBooking, 'dine_in' | 'booking_date' | 'final_total_cents'>,
  context: SaleContext,
  prepaid?: Pick<Prepayment, 'paid_on'> | null,
): SaleRecord => ({ seller: context.seller, vat: receiptVat(booking, context.accounting, prepaid) });

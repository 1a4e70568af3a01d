// What a customer mail needs to name the seller and the VAT of a sale (rules seller-details and
// sale-record): the kiosk settings' seller and the accounting settings' rate table, folded from
// their streams as they stood when the mail's event was recorded, so a replay writes the same mail.
import type { EventStore, RecordedEvent } from '../../domain/eventStore.js';
import type { Decider, DomainEvent } from '../../domain/shared/decider.js';
import {
  ACCOUNTING_SETTINGS_STREAM,
  accountingSettingsDecider,
  currentAccountingSettings,
  type AccountingSettings,
} from '../../domain/accounting/accounting.js';
import { SETTINGS_STREAM, currentSettings, settingsDecider } from '../../domain/settings/settings.js';
import { receiptVat } from '../../domain/accounting/saleRecord.js';
import type { Seller } from '../../domain/settings/seller.js';
import type { MailBooking, SaleRecord } from './templates.js';

export interface SaleContext {
  seller: Seller;
  accounting: AccountingSettings;
}

async function fold<C, E extends DomainEvent, S>(
  events: EventStore,
  stream: string,
  decider: Decider<C, E, S>,
  upTo: number | null,
): Promise<S> {
  const recorded = await events.readStream(stream);
  return recorded
    .filter((e: RecordedEvent) => upTo === null || e.position <= upTo)
    .reduce((state, e) => decider.evolve(state, e as unknown as E), decider.initialState());
}

/** The seller and the rate table in force at a log position (null: now). */
export async function saleContext(events: EventStore, upTo: number | null = null): Promise<SaleContext> {
  const [settings, accounting] = await Promise.all([
    fold(events, SETTINGS_STREAM, settingsDecider, upTo),
    fold(events, ACCOUNTING_SETTINGS_STREAM, accountingSettingsDecider, upTo),
  ]);
  return { seller: currentSettings(settings).seller, accounting: currentAccountingSettings(accounting) };
}

/** A booking's record of sale: the seller and its receipt's VAT per rate (the books' rule). */
export const saleRecordOf = (
  booking: Pick<MailBooking, 'dine_in' | 'booking_date' | 'final_total_cents'>,
  context: SaleContext,
): SaleRecord => ({ seller: context.seller, vat: receiptVat(booking, context.accounting) });

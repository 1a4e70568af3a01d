// The accountant's books: the accounting settings stream (VAT rates, BAS accounts) and a period's
// figures from the bookings read model (rules accounting-revenue, vat-per-receipt).
import {
  ACCOUNTING_SETTINGS_STREAM,
  accountingPeriod,
  accountingSettingsDecider,
  currentAccountingSettings,
  type AccountingPeriod,
  type AccountingSettings,
} from '../../domain/accounting/accounting.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { bookingsBetween } from '../../read-models/queries/admin.js';
import type { Commands } from './commands.js';

export class AccountingService {
  constructor(
    private readonly commands: Commands,
    private readonly docs: DocumentStore,
  ) {}

  /** The settings in effect, from the stream itself (the law's rate table and BAS before any were saved). */
  async settings(): Promise<AccountingSettings> {
    return currentAccountingSettings(
      (await this.commands.load(ACCOUNTING_SETTINGS_STREAM, accountingSettingsDecider)).state,
    );
  }

  async updateSettings(settings: AccountingSettings, actor: string): Promise<AccountingSettings> {
    await this.commands.write(
      ACCOUNTING_SETTINGS_STREAM,
      accountingSettingsDecider,
      { type: 'UpdateAccountingSettings', settings },
      actor,
    );
    return settings;
  }

  /** The period's books and the settings they were made with. */
  async period(
    startDate: string,
    endDate: string,
  ): Promise<{ period: AccountingPeriod; settings: AccountingSettings }> {
    const [settings, bookings] = await Promise.all([this.settings(), bookingsBetween(this.docs, startDate, endDate)]);
    return { period: accountingPeriod(bookings, settings), settings };
  }
}

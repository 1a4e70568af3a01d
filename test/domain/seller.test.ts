// The seller's details (rule: seller-details): the organisation number's control digit, the VAT
// registration number built from it, and financial years that start in any month.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  emptySeller,
  financialYearOf,
  financialYearsOf,
  isValidOrgNumber,
  luhnValid,
  missingSellerFields,
  sellerSchema,
  vatNumberOf,
} from '../../domain/settings/seller.js';
import { defaultSettings, settingsSchema, withDefaults } from '../../domain/settings/settings.js';
import { defaultAccountingSettings } from '../../domain/accounting/accounting.js';
import { receiptVat, vatLineText } from '../../domain/accounting/saleRecord.js';

const errorsOf = (schema: z.ZodType, value: unknown) =>
  Object.fromEntries((schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
const seller = (changes: Record<string, string> = {}) => ({
  legal_name: 'Pizzakiosken i Malmö AB',
  org_number: '556036-0793',
  address: 'Storgatan 1, 211 34 Malmö',
  phone: '040-12 34 56',
  email: 'info@pizzakiosken.se',
  vat_number: 'SE556036079301',
  ...changes,
});

describe('the organisation number (Skatteverket SKV 709: Luhn over the ten digits)', () => {
  it('accepts numbers whose control digit is right, with or without the hyphen', () => {
    expect(isValidOrgNumber('556036-0793')).toBe(true);
    expect(isValidOrgNumber('5560360793')).toBe(true);
    expect(isValidOrgNumber('202100-5489')).toBe(true);
    expect(luhnValid('8112189876')).toBe(true);
  });

  it('refuses a wrong control digit, and anything not ten digits', () => {
    expect(isValidOrgNumber('556036-0794')).toBe(false);
    expect(isValidOrgNumber('556036-079')).toBe(false);
    expect(isValidOrgNumber('556036-07933')).toBe(false);
    expect(isValidOrgNumber('55603A-0793')).toBe(false);
    expect(isValidOrgNumber('')).toBe(false);
  });

  it('gives the VAT registration number SE + the ten digits + 01', () => {
    expect(vatNumberOf('556036-0793')).toBe('SE556036079301');
  });
});

describe('the seller schema', () => {
  it('takes full details and writes the numbers in their standard form', () => {
    expect(sellerSchema.parse(seller({ org_number: '5560360793', vat_number: 'se 5560 3607 9301' }))).toEqual(seller());
  });

  it('takes every field blank: not filled in yet', () => {
    expect(sellerSchema.parse(emptySeller())).toEqual(emptySeller());
    expect(missingSellerFields(emptySeller())).toEqual([
      'legal_name',
      'org_number',
      'address',
      'phone',
      'email',
      'vat_number',
    ]);
    expect(missingSellerFields(seller({ phone: '' }))).toEqual(['phone']);
  });

  it('refuses a wrong control digit in Swedish', () => {
    expect(errorsOf(sellerSchema, seller({ org_number: '556036-0794', vat_number: '' }))).toEqual({
      org_number: 'Organisationsnumret stämmer inte: kontrollsiffran är fel',
    });
  });

  it('refuses a number that is not ten digits', () => {
    expect(errorsOf(sellerSchema, seller({ org_number: '55603-0793', vat_number: '' }))).toEqual({
      org_number: 'Organisationsnumret skrivs med tio siffror: NNNNNN-NNNN',
    });
  });

  it('refuses a VAT number of another form, or of another organisation number', () => {
    expect(errorsOf(sellerSchema, seller({ vat_number: 'SE5560360793' }))).toEqual({
      vat_number: 'Momsregistreringsnumret skrivs SE, organisationsnumrets tio siffror och 01',
    });
    expect(errorsOf(sellerSchema, seller({ vat_number: 'SE202100548901' }))).toEqual({
      vat_number: 'Momsregistreringsnumret stämmer inte med organisationsnumret: det ska vara SE556036079301',
    });
    expect(errorsOf(sellerSchema, seller({ org_number: '' }))).toEqual({
      org_number: 'Ange organisationsnumret: momsregistreringsnumret bygger på det',
    });
  });

  it('refuses an e-mail that is not one', () => {
    expect(errorsOf(sellerSchema, seller({ email: 'info@' }))).toEqual({ email: 'Ogiltig e-postadress' });
  });
});

describe('the settings with the seller', () => {
  const input = (changes: Record<string, unknown>) => ({
    ...JSON.parse(JSON.stringify(defaultSettings())),
    ...changes,
  });

  it('default to a blank seller and a calendar year', () => {
    expect(defaultSettings().seller).toEqual(emptySeller());
    expect(defaultSettings().financial_year_start_month).toBe(1);
  });

  it('take a save without them (an older client) as blank and January', () => {
    const { seller: _s, financial_year_start_month: _f, ...older } = input({});
    const parsed = settingsSchema.parse(older);
    expect(parsed.seller).toEqual(emptySeller());
    expect(parsed.financial_year_start_month).toBe(1);
  });

  it('read settings stored before them as blank and January', () => {
    const { seller: _s, financial_year_start_month: _f, ...stored } = defaultSettings('a@b.se');
    expect(withDefaults(stored)).toMatchObject({ seller: emptySeller(), financial_year_start_month: 1 });
  });

  it('name the seller field that is wrong, and the month outside 1–12', () => {
    expect(errorsOf(settingsSchema, input({ seller: seller({ org_number: '556036-0794' }) }))).toMatchObject({
      'seller.org_number': 'Organisationsnumret stämmer inte: kontrollsiffran är fel',
    });
    expect(errorsOf(settingsSchema, input({ financial_year_start_month: 13 }))).toEqual({
      financial_year_start_month: 'Välj räkenskapsårets första månad (1–12)',
    });
  });
});

describe('financial years (bokföringslagen 3 kap. 1 §)', () => {
  it('are calendar years when they start in January', () => {
    expect(financialYearOf('2026-11-24', 1)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });

  it('run May to April when they start in May', () => {
    expect(financialYearOf('2026-05-01', 5)).toEqual({ start: '2026-05-01', end: '2027-04-30' });
    expect(financialYearOf('2026-04-30', 5)).toEqual({ start: '2025-05-01', end: '2026-04-30' });
  });

  it('end on the last day of February in a leap year', () => {
    expect(financialYearOf('2027-06-01', 3)).toEqual({ start: '2027-03-01', end: '2028-02-29' });
  });

  it('are listed latest first for a period that spans several', () => {
    expect(financialYearsOf('2026-04-15', '2026-05-15', 5)).toEqual([
      { start: '2026-05-01', end: '2027-04-30' },
      { start: '2025-05-01', end: '2026-04-30' },
    ]);
    expect(financialYearsOf('2026-05-01', '2026-05-31', 5)).toEqual([{ start: '2026-05-01', end: '2027-04-30' }]);
    expect(financialYearsOf('2025-12-31', '2026-01-01', 1)).toEqual([
      { start: '2026-01-01', end: '2026-12-31' },
      { start: '2025-01-01', end: '2025-12-31' },
    ]);
  });
});

describe('the VAT on the record of a sale (rule: sale-record, by the books’ rule vat-per-receipt)', () => {
  const booking = { booking_date: '2026-11-24', final_total_cents: 23700, dine_in: false };

  it('is the rate of the order type on the booking date, the VAT the total contains', () => {
    expect(receiptVat(booking, defaultAccountingSettings())).toEqual([{ rate: 6, vat_cents: 1342 }]);
    expect(receiptVat({ ...booking, dine_in: true }, defaultAccountingSettings())).toEqual([
      { rate: 12, vat_cents: 2539 },
    ]);
    // Before the lowered food rate: take-away at 12 %.
    expect(receiptVat({ ...booking, booking_date: '2026-03-31' }, defaultAccountingSettings())[0].rate).toBe(12);
  });

  it('is written as the confirmation shows it', () => {
    expect(vatLineText({ rate: 6, vat_cents: 1340 })).toBe('varav moms 6 %: 13,40 kr');
  });
});

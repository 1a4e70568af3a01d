// The seller's details (rule: seller-details): who sells, by law named on the record of every sale,
// and the financial year the books are kept in. Part of the kiosk settings ('settings' stream).
import { z } from 'zod';
import { msg } from '../messages.js';

export interface Seller {
  /** The registered (legal) name: the company's, or a sole trader's own name and firm. */
  legal_name: string;
  /** NNNNNN-NNNN, checked by its control digit. */
  org_number: string;
  /** Where the kiosk is: where orders are picked up. */
  address: string;
  phone: string;
  email: string;
  /** SE + the organisation number's 10 digits + 01. */
  vat_number: string;
}

/** A fresh install: nothing filled in yet (empty means "not filled in"; staff are told it is required). */
export const emptySeller = (): Seller => ({
  legal_name: '',
  org_number: '',
  address: '',
  phone: '',
  email: '',
  vat_number: '',
});

/** What the customer's pages, mails and the books print: the seller's name, else the kiosk's. */
export const KIOSK_NAME = 'Pizzakiosken';

/**
 * The control digit of a Swedish organisation number (and of a personnummer, which a sole trader
 * uses as theirs): the Luhn algorithm over the ten digits, weights 2,1,2,1,… from the left, the
 * digit sum of the products (with the tenth digit) a multiple of 10. Source: Skatteverket,
 * "Organisationsnummer" (SKV 709), which also gives the form NNNNNN-NNNN; Bolagsverket assigns the
 * numbers of companies registered with it.
 */
export function luhnValid(tenDigits: string): boolean {
  if (!/^\d{10}$/.test(tenDigits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(tenDigits[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

/** '5560360793', '556036-0793' or '556036 0793' → '556036-0793'; null when not ten digits. */
export function normaliseOrgNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s-]/g, '');
  return /^\d{10}$/.test(compact) ? `${compact.slice(0, 6)}-${compact.slice(6)}` : null;
}

/** Whether an organisation number is well formed (NNNNNN-NNNN, hyphen optional) and its control digit right. */
export const isValidOrgNumber = (input: string): boolean => {
  const normal = normaliseOrgNumber(input);
  return normal !== null && luhnValid(normal.replace('-', ''));
};

/**
 * The VAT registration number Skatteverket gives a Swedish business: 'SE', the organisation (or
 * person) number's ten digits and '01' (Skatteverket, "Momsregistreringsnummer"; the form also in
 * the EU's VIES). Printed on the record of each sale beside the seller's name and address
 * (mervärdesskattelagen (2023:200) 17 kap., the content of an invoice).
 */
export const vatNumberOf = (orgNumber: string): string => `SE${orgNumber.replace('-', '')}01`;

/** 'se 556036079301' → 'SE556036079301' (spaces dropped, capitals). */
export const normaliseVatNumber = (input: string): string => input.replace(/\s/g, '').toUpperCase();

const text = (max: number, label: string) =>
  z
    .string({ error: msg.sellerText(label, max) })
    .trim()
    .max(max, { error: msg.sellerText(label, max) });

/** The seller's details as PUT /admin/settings takes them: every field may be blank (not filled in yet). */
export const sellerSchema = z
  .object({
    legal_name: text(200, 'Företagsnamnet'),
    org_number: text(20, 'Organisationsnumret'),
    address: text(300, 'Adressen'),
    phone: text(40, 'Telefonnumret'),
    email: z
      .string({ error: msg.invalidEmail })
      .trim()
      .refine((v) => v === '' || z.email().safeParse(v).success, { error: msg.invalidEmail }),
    vat_number: text(20, 'Momsregistreringsnumret'),
  })
  .transform((s, ctx): Seller => {
    let org_number = '';
    if (s.org_number !== '') {
      const normal = normaliseOrgNumber(s.org_number);
      if (!normal) ctx.addIssue({ code: 'custom', path: ['org_number'], message: msg.orgNumberFormat });
      else if (!luhnValid(normal.replace('-', '')))
        ctx.addIssue({ code: 'custom', path: ['org_number'], message: msg.orgNumberControlDigit });
      else org_number = normal;
    }
    const vat_number = normaliseVatNumber(s.vat_number);
    if (vat_number !== '') {
      if (!/^SE\d{10}01$/.test(vat_number))
        ctx.addIssue({ code: 'custom', path: ['vat_number'], message: msg.vatNumberFormat });
      else if (s.org_number === '')
        ctx.addIssue({ code: 'custom', path: ['org_number'], message: msg.orgNumberForVatNumber });
      else if (org_number && vat_number !== vatNumberOf(org_number))
        ctx.addIssue({ code: 'custom', path: ['vat_number'], message: msg.vatNumberMismatch(vatNumberOf(org_number)) });
    }
    return { ...s, org_number, vat_number };
  });

/**
 * rule: seller-first. What a shop online must show before anything else: its name, organisation
 * number, address and e-mail (lag (2002:562) om elektronisk handel, 8 §; Konsumentverket, "E-handelslagen":
 * "Ange ditt namn, organisationsnummer, adress och e-postadress",
 * https://www.konsumentverket.se/for-foretag/olika-saljkanaler/regler-nar-du-saljer-pa-internet/e-handelslagen).
 * Until they are filled in, GET /api/ready lists `seller_missing`, the dashboard names them and the
 * start's console says so.
 */
export const REQUIRED_SELLER_FIELDS = ['legal_name', 'org_number', 'address', 'email'] as const;
export type RequiredSellerField = (typeof REQUIRED_SELLER_FIELDS)[number];

/** The required fields still blank, in the form's order; empty once the seller is complete. */
export const missingRequiredSellerFields = (seller: Seller): RequiredSellerField[] =>
  REQUIRED_SELLER_FIELDS.filter((k) => seller[k].trim() === '');

/** The required fields as the console and the dashboard name them (the settings form's labels). */
export const REQUIRED_SELLER_LABELS: Record<RequiredSellerField, string> = {
  legal_name: 'företagsnamn',
  org_number: 'organisationsnummer',
  address: 'adress',
  email: 'e-post till kunder',
};

/** The fields still blank, in the form's order (the settings screen's notice names them). */
export const missingSellerFields = (seller: Seller): (keyof Seller)[] =>
  (['legal_name', 'org_number', 'address', 'phone', 'email', 'vat_number'] as const).filter((k) => seller[k] === '');

// ---- the financial year ----

/**
 * The financial year (räkenskapsår) is twelve months, starting on the first of any month
 * (bokföringslagen (1999:1078) 3 kap. 1 §: a calendar year, or a broken year with the kiosk's
 * permission from Skatteverket). 1 is January (a calendar year).
 */
export const DEFAULT_FINANCIAL_YEAR_START_MONTH = 1;

export interface FinancialYear {
  /** yyyy-MM-dd, both inclusive. */
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The financial year a date (yyyy-MM-dd) falls in, when years start on the first of `startMonth`. */
export function financialYearOf(date: string, startMonth: number): FinancialYear {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  const endYear = startMonth === 1 ? startYear : startYear + 1;
  const endMonth = startMonth === 1 ? 12 : startMonth - 1;
  return {
    start: `${startYear}-${pad(startMonth)}-01`,
    end: `${endYear}-${pad(endMonth)}-${pad(lastDayOf(endYear, endMonth))}`,
  };
}

/** The financial years a period (both dates inclusive) touches, the latest first. */
export function financialYearsOf(from: string, to: string, startMonth: number): FinancialYear[] {
  const years: FinancialYear[] = [];
  for (let year = financialYearOf(to, startMonth); ;) {
    years.push(year);
    if (year.start <= from) return years;
    const before = Number(year.start.slice(0, 4)) - 1;
    year = financialYearOf(`${before}${year.start.slice(4)}`, startMonth);
  }
}

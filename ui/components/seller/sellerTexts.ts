// The seller's details as the customer's pages write them (rules seller-details, sale-record): the
// footer on every customer page and the order confirmation.
import { NO_RIGHT_OF_WITHDRAWAL, paymentTerms } from '../../../domain/accounting/saleTerms.js';

export const sellerTexts = {
  footerLabel: 'Säljare',
  orgNumber: (n: string) => `Org.nr ${n}`,
  vatNumber: (n: string) => `Momsreg.nr ${n}`,
  // the order confirmation
  recordTitle: 'Orderbekräftelse',
  seller: 'Säljare',
  pickup: 'Hämtas',
  servedAt: 'Tid och plats',
  pickupWhen: (date: string, time: string) => `${date} kl. ${time}`,
  inKiosk: 'i kiosken',
  atAddress: (address: string) => `i kiosken, ${address}`,
  lines: 'Din beställning',
  totalInclVat: 'Totalt inkl. moms',
  vatOf: (rate: number) => `varav moms ${rate} %`,
  vatLater: 'Momsen anges i bekräftelsen via e-post när beställningen har skickats.',
  payment: 'Betalning',
  /** rule: sale-record. At pick-up, or in advance with Swish (never both). */
  paymentText: paymentTerms,
  withdrawal: NO_RIGHT_OF_WITHDRAWAL,
};

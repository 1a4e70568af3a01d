// The seller's details as the customer's pages write them (rules seller-details, sale-record): the
// footer on every customer page and the order confirmation.
import { NO_RIGHT_OF_WITHDRAWAL, PAYMENT_AT_PICKUP } from '../../../domain/accounting/saleTerms.js';

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
  paymentText: PAYMENT_AT_PICKUP,
  withdrawal: NO_RIGHT_OF_WITHDRAWAL,
};

// The board's and the ticket's words for a declaration changed since the order was placed (rule:
// allergen-change), apart from texts.ts.
export const allergenChangeTexts = {
  changed: 'Allergener ändrade sedan beställningen',
  atOrder: (text: string) => `Vid beställningen: ${text}`,
  tell: 'Berätta för kunden innan pizzan lämnas ut.',
};

// The order form's texts, shared by the booking page and the waitlist's offer page: the menu, the
// order summary and the customer's details (SPEC 2, 5). The confirmation's own are in
// confirmationTexts.ts (its code loads later).
export const orderTexts = {
  // the menu
  stepMenu: 'Välj pizzor',
  menuFirst: 'Välj datum, antal och tid först – sedan kan du välja pizzor.',
  removeOne: (pizza: string) => `Ta bort en ${pizza}`,
  addOne: (pizza: string) => `Lägg till en ${pizza}`,
  chosenCount: (qty: number, pizza: string) => `${qty} ${pizza} valda`,
  // the order and the customer
  summary: 'Din beställning',
  noPizzas: 'Inga pizzor valda ännu.',
  chosenPizzas: 'Valda pizzor',
  subtotal: 'Delsumma',
  discountOf: (code: string, percentage: number | null) => `Rabatt (${code}, ${percentage}%)`,
  customer: 'Dina uppgifter',
  emailHint: 'Hit skickar vi bekräftelsen.',
  phoneOptional: 'Telefon (valfritt)',
  commentOptional: 'Meddelande till köket (valfritt)',
  dineInChoice: 'Äta på plats (annars avhämtning)',
  // shared with the confirmation (confirmationTexts.ts)
  name: 'Namn',
  email: 'E-post',
  total: 'Totalt',
};

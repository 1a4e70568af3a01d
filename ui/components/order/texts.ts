// The order form's texts, shared by the booking page and the waitlist's offer page: the menu, the
// order summary and the customer's details (SPEC 2, 5). The confirmation's own are in
// confirmationTexts.ts (its code loads later).
import { ALLERGEN_TEXTS } from '../../../domain/menu/allergens.js';

export const orderTexts = {
  // the menu
  stepMenu: 'Välj pizzor',
  menuFirst: 'Välj datum, antal och tid först – sedan kan du välja pizzor.',
  removeOne: (pizza: string) => `Ta bort en ${pizza}`,
  addOne: (pizza: string) => `Lägg till en ${pizza}`,
  chosenCount: (qty: number, pizza: string) => `${qty} ${pizza} valda`,
  // extras and removals (issue 29): chosen on the card for the next pizza added
  options: 'Tillval och utan',
  optionsChosen: (n: number) => (n === 0 ? 'Inget valt' : `${n} valda`),
  extrasLegend: (pizza: string) => `Tillval till ${pizza}`,
  withoutLegend: (pizza: string) => `${pizza} utan …`,
  extraChip: (name: string, price: string) => `${name} +${price}`,
  withoutChip: (ingredient: string) => `Utan ${ingredient}`,
  optionsHint: 'Gäller nästa pizza du lägger till med +.',
  addOneWith: (pizza: string, choices: string) => `Lägg till en ${pizza} (${choices})`,
  removeOneWith: (pizza: string, choices: string) => `Ta bort en ${pizza} (${choices})`,
  // allergens (EU 1169/2011 Annex II; the names and the "none" texts are the domain's)
  allergensLabel: ALLERGEN_TEXTS.label,
  // Rule cross-contact-note: the filter goes by the declared ingredients; traces are the kiosk's note.
  filterLegend: 'Visa bara pizzor utan … som ingrediens',
  crossContactLabel: 'Spår av allergener:',
  filterChosen: (n: number) =>
    n === 0 ? 'Välj allergener att undvika' : `${n} ${n === 1 ? 'allergen' : 'allergener'} valda`,
  hiddenCount: (n: number) => (n === 1 ? '1 pizza dold' : `${n} pizzor dolda`),
  noneHidden: 'Inga pizzor dolda',
  allHidden: 'Ingen pizza på menyn är fri från det du valt. Fråga gärna personalen.',
  showAll: 'Visa alla pizzor',
  filterNote: 'Pizzor utan allergenuppgift döljs också.',
  /** rule: undeclared-pizzas: such a pizza's card, which has no add button. */
  undeclaredCounterOnly: 'Allergeninformation saknas – kan beställas i kiosken',
  // the order and the customer
  summary: 'Din beställning',
  noPizzas: 'Inga pizzor valda ännu.',
  chosenPizzas: 'Valda pizzor',
  subtotal: 'Delsumma',
  discountOf: (code: string, percentage: number | null) => `Rabatt (${code}, ${percentage}%)`,
  vatOf: (rate: number) => `varav moms ${rate} %`,
  customer: 'Dina uppgifter',
  emailHint: 'Hit skickar vi bekräftelsen.',
  phoneOptional: 'Telefon (valfritt)',
  commentOptional: 'Meddelande till köket (valfritt)',
  dineInChoice: 'Äta på plats (annars avhämtning)',
  smsWhenReady: 'SMS när pizzan är klar (kräver mobilnummer)',
  // shared with the confirmation (confirmationTexts.ts)
  name: 'Namn',
  email: 'E-post',
  total: 'Totalt',
};

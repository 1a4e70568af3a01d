// The 14 allergens of EU regulation 1169/2011 Annex II ("Ämnen eller produkter som orsakar
// allergier eller intoleranser"), under fixed codes, with the Swedish names Livsmedelsverket uses
// in its allergen list (livsmedelsverket.se, "Allergimärkning": "De 14 ingredienserna/
// livsmedelsgrupperna på allergenlistan"). Article 9.1(c) makes them mandatory information; article
// 44 (in Sweden LIVSFS 2014:4) extends that to food that is not prepacked, and article 14.2 to
// distance selling: the information must be available before the purchase is concluded
// (Livsmedelsverket's Kontrollwiki, "Distansförsäljning – inte färdigförpackade livsmedel", takes a
// pizza ordered by phone as its example). So a pizza without a declaration is sold at the counter
// only, where staff tell its allergens, never online (rule: undeclared-pizzas,
// domain/kioskDay/webOrderAllergens.ts).
//
// The codes are the wire format and never change; the order is Annex II's.

export const ALLERGENS = [
  { code: 'gluten', name: 'Spannmål som innehåller gluten' },
  { code: 'crustaceans', name: 'Kräftdjur' },
  { code: 'eggs', name: 'Ägg' },
  { code: 'fish', name: 'Fisk' },
  { code: 'peanuts', name: 'Jordnötter' },
  { code: 'soybeans', name: 'Sojabönor' },
  { code: 'milk', name: 'Mjölk' },
  { code: 'nuts', name: 'Nötter' },
  { code: 'celery', name: 'Selleri' },
  { code: 'mustard', name: 'Senap' },
  { code: 'sesame', name: 'Sesamfrön' },
  // Livsmedelsverket and Annex II's Swedish text say "sulfit" (singular): above 10 mg/kg or 10 mg/l.
  { code: 'sulphites', name: 'Svaveldioxid och sulfit' },
  { code: 'lupin', name: 'Lupin' },
  { code: 'molluscs', name: 'Blötdjur' },
] as const;

export type AllergenCode = (typeof ALLERGENS)[number]['code'];
export const ALLERGEN_CODES = ALLERGENS.map((a) => a.code) as [AllergenCode, ...AllergenCode[]];

const NAMES = new Map<string, string>(ALLERGENS.map((a) => [a.code, a.name]));
const ORDER = new Map<string, number>(ALLERGENS.map((a, i) => [a.code, i]));

/** The Swedish name of a code (an unknown code, which no event holds, reads as itself). */
export const allergenName = (code: string): string => NAMES.get(code) ?? code;

/** Codes without repeats, in Annex II's order. */
export const sortAllergens = <T extends string>(codes: readonly T[]): T[] =>
  [...new Set(codes)].sort((a, b) => (ORDER.get(a) ?? 99) - (ORDER.get(b) ?? 99));

/**
 * A pizza's allergen declaration: the codes it contains, `[]` when staff declared it free of all
 * 14 ("Inga allergener"), or null when nobody declared it (pizzas from before declarations).
 */
export type AllergenDeclaration = AllergenCode[] | null;

/** True when staff declared the pizza (an empty list is a declaration too). */
export const isDeclared = (allergens: AllergenDeclaration | undefined): allergens is AllergenCode[] =>
  Array.isArray(allergens);

/** What a declaration reads as where it lists no allergen (menu, mails, kitchen). */
export const ALLERGEN_TEXTS = {
  label: 'Allergener',
  none: 'Inga allergener',
  undeclared: 'Allergeninformation saknas, fråga personalen',
} as const;

/** The declared allergens as Swedish text: "Spannmål som innehåller gluten, Mjölk", "Inga allergener", or undeclared. */
export function allergensText(allergens: readonly string[] | null | undefined): string {
  if (allergens == null) return ALLERGEN_TEXTS.undeclared;
  if (allergens.length === 0) return ALLERGEN_TEXTS.none;
  return sortAllergens(allergens).map(allergenName).join(', ');
}

/** True when a pizza may be shown to someone avoiding `avoid`: declared and free of every one. */
export const isFreeOf = (allergens: readonly string[] | null | undefined, avoid: readonly string[]): boolean =>
  avoid.length === 0 || (allergens != null && !allergens.some((a) => avoid.includes(a)));

/** A declaration as the menu answers carry it: the codes ([] also when undeclared) and whether declared. */
export const allergenAnswer = (allergens: AllergenDeclaration | undefined) => ({
  allergens: allergens ?? [],
  allergens_declared: isDeclared(allergens),
});

/** The declaration back from an answer's two fields (null when undeclared). */
export const declarationOf = (pizza: { allergens: readonly string[]; allergens_declared: boolean }): string[] | null =>
  pizza.allergens_declared ? [...pizza.allergens] : null;

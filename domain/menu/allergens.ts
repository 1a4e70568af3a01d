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

/**
 * Rule allergen-kinds: a declaration may name the cereal or nut (Commission Notice 2017/C 428/01 on
 * the provision of information on substances or products causing allergies or intolerances,
 * https://eur-lex.europa.eu/legal-content/SV/TXT/?uri=CELEX:52017XC1213(01): Annex II's "cereals
 * containing gluten" and "nuts" list specific cereals and nuts, and the specific one should be
 * named, e.g. "Spannmål som innehåller gluten (vete)"). Codes are the wire format; names Swedish.
 */
export const CEREALS = [
  { code: 'wheat', name: 'vete' },
  { code: 'rye', name: 'råg' },
  { code: 'barley', name: 'korn' },
  { code: 'oats', name: 'havre' },
  { code: 'spelt', name: 'spelt' },
  { code: 'kamut', name: 'kamut' },
] as const;
export const NUTS = [
  { code: 'almond', name: 'mandel' },
  { code: 'hazelnut', name: 'hasselnöt' },
  { code: 'walnut', name: 'valnöt' },
  { code: 'cashew', name: 'cashew' },
  { code: 'pecan', name: 'pekan' },
  { code: 'brazil_nut', name: 'paranöt' },
  { code: 'pistachio', name: 'pistage' },
  { code: 'macadamia', name: 'macadamia' },
] as const;
export type CerealCode = (typeof CEREALS)[number]['code'];
export type NutCode = (typeof NUTS)[number]['code'];
export const CEREAL_CODES = CEREALS.map((c) => c.code) as [CerealCode, ...CerealCode[]];
export const NUT_CODES = NUTS.map((n) => n.code) as [NutCode, ...NutCode[]];

/** The named cereals of a declared gluten and the named nuts of declared nuts; both optional. */
export interface AllergenKinds {
  gluten?: CerealCode[];
  nuts?: NutCode[];
}
/** The allergens that take a list of kinds, and the kinds each may name, in the lists' order. */
export const KINDS_OF = { gluten: CEREALS, nuts: NUTS } as const;
const KIND_NAMES = new Map<string, string>([...CEREALS, ...NUTS].map((k) => [k.code, k.name]));

/** Kinds without repeats, in the list's order; empty lists left out. */
export function sortKinds(kinds: AllergenKinds | null | undefined): AllergenKinds {
  const out: AllergenKinds = {};
  const gluten = CEREAL_CODES.filter((c) => kinds?.gluten?.includes(c));
  const nuts = NUT_CODES.filter((c) => kinds?.nuts?.includes(c));
  if (gluten.length) out.gluten = gluten;
  if (nuts.length) out.nuts = nuts;
  return out;
}

/** The kinds of several declarations together (a pizza and its extras), without repeats. */
export const mergeKinds = (...all: ReadonlyArray<AllergenKinds | null | undefined>): AllergenKinds =>
  sortKinds({ gluten: all.flatMap((k) => k?.gluten ?? []), nuts: all.flatMap((k) => k?.nuts ?? []) });

/**
 * The allergen a list of kinds names but the declaration does not contain (a cereal named without
 * gluten declared), or null when the kinds fit the declaration.
 */
export function kindsWithoutAllergen(
  allergens: readonly string[] | null | undefined,
  kinds: AllergenKinds | null | undefined,
): 'gluten' | 'nuts' | null {
  for (const code of ['gluten', 'nuts'] as const)
    if ((kinds?.[code]?.length ?? 0) > 0 && !allergens?.includes(code)) return code;
  return null;
}

/** "Spannmål som innehåller gluten (vete, råg)"; the plain name without named kinds. */
export function allergenLabel(code: string, kinds?: AllergenKinds | null): string {
  const named: readonly string[] = code === 'gluten' || code === 'nuts' ? (sortKinds(kinds)[code] ?? []) : [];
  const name = allergenName(code);
  return named.length ? `${name} (${named.map((k) => KIND_NAMES.get(k) ?? k).join(', ')})` : name;
}

/**
 * The declared allergens as Swedish text: "Spannmål som innehåller gluten (vete), Mjölk", "Inga
 * allergener", or undeclared. The kinds, when given, name the cereal or nut (rule: allergen-kinds).
 */
export function allergensText(allergens: readonly string[] | null | undefined, kinds?: AllergenKinds | null): string {
  if (allergens == null) return ALLERGEN_TEXTS.undeclared;
  if (allergens.length === 0) return ALLERGEN_TEXTS.none;
  return sortAllergens(allergens)
    .map((code) => allergenLabel(code, kinds))
    .join(', ');
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

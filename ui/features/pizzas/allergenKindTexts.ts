// The pizza and extra forms' words for naming the cereal or nut (rule: allergen-kinds).
export const allergenKindTexts = {
  gluten: 'Vilket sädesslag? (valfritt)',
  nuts: 'Vilka nötter? (valfritt)',
  hint: 'Visas på menyn, t.ex. ”Spannmål som innehåller gluten (vete)”.',
};

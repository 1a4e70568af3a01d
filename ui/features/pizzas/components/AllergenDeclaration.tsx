// The allergen declaration of a pizza or an extra (rule: allergen-declaration): the 14 of Annex II
// as checkboxes plus "Inga allergener". Ticking one of the 14 clears "none" and the other way
// round, so a draft never declares both.
import { ALLERGENS, type AllergenCode } from '../../../../domain/menu/allergens.js';

export interface Declaration {
  allergens: AllergenCode[];
  /** "Inga allergener" ticked: declared free of all 14. */
  none: boolean;
}

export function AllergenDeclaration({
  name,
  texts,
  value,
  onChange,
}: {
  /** The checkboxes' name; also the hint's id prefix. */
  name: string;
  /** The legend, the hint and "Inga allergener" (pizzaTexts and extraTexts both have them). */
  texts: { allergens: string; allergensHint: string; noAllergens: string };
  value: Declaration;
  onChange: (declaration: Declaration) => void;
}) {
  const hintId = `${name}-hint`;
  return (
    <fieldset className="allergen-fieldset" aria-describedby={hintId}>
      <legend className="field__label">{texts.allergens}</legend>
      <p id={hintId} className="hint">
        {texts.allergensHint}
      </p>
      <div className="allergen-checks">
        {ALLERGENS.map(({ code, name: allergen }) => (
          <label key={code} className="check">
            <input
              type="checkbox"
              name={name}
              value={code}
              checked={!value.none && value.allergens.includes(code)}
              onChange={(e) =>
                onChange({
                  none: false,
                  allergens: e.target.checked ? [...value.allergens, code] : value.allergens.filter((a) => a !== code),
                })
              }
            />
            <span>{allergen}</span>
          </label>
        ))}
      </div>
      <label className="check allergen-checks__none">
        <input
          type="checkbox"
          checked={value.none}
          onChange={(e) => onChange({ none: e.target.checked, allergens: e.target.checked ? [] : value.allergens })}
        />
        <span>{texts.noAllergens}</span>
      </label>
    </fieldset>
  );
}

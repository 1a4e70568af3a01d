// The allergen declaration of a pizza or an extra (rule: allergen-declaration): the 14 of Annex II
// as checkboxes plus "Inga allergener". Ticking one of the 14 clears "none" and the other way
// round, so a draft never declares both. Under a ticked gluten or nuts, the cereal or nut may be
// named (rule: allergen-kinds).
import {
  ALLERGENS,
  KINDS_OF,
  sortKinds,
  type AllergenCode,
  type AllergenKinds,
} from '../../../../domain/menu/allergens.js';
import { allergenKindTexts } from '../allergenKindTexts.js';

export interface Declaration {
  allergens: AllergenCode[];
  /** "Inga allergener" ticked: declared free of all 14. */
  none: boolean;
  /** Rule allergen-kinds: the cereal or nut named under a ticked gluten or nuts. */
  kinds?: AllergenKinds;
}

/** The kinds to send: only those under an allergen still ticked. */
export const kindsToSend = (d: Declaration): AllergenKinds =>
  d.none
    ? {}
    : sortKinds({
        gluten: d.allergens.includes('gluten') ? d.kinds?.gluten : undefined,
        nuts: d.allergens.includes('nuts') ? d.kinds?.nuts : undefined,
      });

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
                  ...value,
                  none: false,
                  allergens: e.target.checked ? [...value.allergens, code] : value.allergens.filter((a) => a !== code),
                })
              }
            />
            <span>{allergen}</span>
          </label>
        ))}
      </div>
      {(['gluten', 'nuts'] as const)
        .filter((code) => !value.none && value.allergens.includes(code))
        .map((code) => (
          <fieldset key={code} className="allergen-kinds" aria-describedby={`${name}-${code}-kinds-hint`}>
            <legend className="field__label">{allergenKindTexts[code]}</legend>
            <p id={`${name}-${code}-kinds-hint`} className="hint">
              {allergenKindTexts.hint}
            </p>
            <div className="allergen-checks">
              {KINDS_OF[code].map((kind) => {
                const chosen: readonly string[] = value.kinds?.[code] ?? [];
                return (
                  <label key={kind.code} className="check">
                    <input
                      type="checkbox"
                      name={`${name}-${code}-kinds`}
                      value={kind.code}
                      checked={chosen.includes(kind.code)}
                      onChange={(e) =>
                        onChange({
                          ...value,
                          kinds: {
                            ...value.kinds,
                            [code]: e.target.checked ? [...chosen, kind.code] : chosen.filter((k) => k !== kind.code),
                          },
                        })
                      }
                    />
                    <span>{kind.name}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      <label className="check allergen-checks__none">
        <input
          type="checkbox"
          checked={value.none}
          onChange={(e) =>
            onChange({ ...value, none: e.target.checked, allergens: e.target.checked ? [] : value.allergens })
          }
        />
        <span>{texts.noAllergens}</span>
      </label>
    </fieldset>
  );
}

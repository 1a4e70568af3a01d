// "Visa bara pizzor utan … som ingrediens": the allergens a customer avoids, and how many pizzas
// that hides. A pizza stays only when declared free of each (rule: allergen-declaration,
// `isFreeOf`); the count is said in text and announced, so nothing is hidden without the customer
// being told. Beside it, always in view, the kiosk's note on cross-contact (rule:
// cross-contact-note): the filter knows the recipes, not the traces a shared oven leaves.
import { usePageContext } from 'vike-react/usePageContext';
import { ALLERGENS } from '../../../domain/menu/allergens.js';
import { orderTexts } from './texts.js';

export function AllergenFilter(props: {
  avoid: readonly string[];
  hidden: number;
  shown: number;
  onChange: (avoid: string[]) => void;
}) {
  const { avoid, hidden, shown, onChange } = props;
  const crossContact = usePageContext().orderTerms?.cross_contact_note ?? '';
  const toggle = (code: string, on: boolean) => onChange(on ? [...avoid, code] : avoid.filter((a) => a !== code));
  return (
    <div className="allergen-filter">
      <details className="fold allergen-filter__box" open={avoid.length > 0 || undefined}>
        <summary className="allergen-filter__summary">
          <span className="allergen-filter__title">{orderTexts.filterLegend}</span>
          <span className="allergen-filter__chosen">{orderTexts.filterChosen(avoid.length)}</span>
        </summary>
        <fieldset className="allergen-filter__options">
          <legend className="visually-hidden">{orderTexts.filterLegend}</legend>
          {ALLERGENS.map(({ code, name }) => (
            <label key={code} className="chip">
              <input
                type="checkbox"
                name="avoid-allergen"
                value={code}
                checked={avoid.includes(code)}
                onChange={(e) => toggle(code, e.target.checked)}
              />
              <span>{name}</span>
            </label>
          ))}
        </fieldset>
        <p className="hint allergen-filter__note">{orderTexts.filterNote}</p>
      </details>
      {crossContact && (
        <p className="cross-contact-note" id="cross-contact-note">
          <strong>{orderTexts.crossContactLabel}</strong> {crossContact}
        </p>
      )}
      <p className="allergen-filter__status" role="status" aria-live="polite">
        {avoid.length > 0 && (
          <>
            <strong>{hidden > 0 ? orderTexts.hiddenCount(hidden) : orderTexts.noneHidden}</strong>
            {shown === 0 && <span> {orderTexts.allHidden}</span>}{' '}
            <button type="button" className="btn btn--ghost allergen-filter__clear" onClick={() => onChange([])}>
              {orderTexts.showAll}
            </button>
          </>
        )}
      </p>
    </div>
  );
}

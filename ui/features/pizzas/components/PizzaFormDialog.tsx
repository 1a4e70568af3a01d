// The add and edit form of a pizza in a dialog. Prices are typed in kronor and sent as öre
// (price_cents); the domain's pizzaInputSchema checks the form, so its SPEC message shows once,
// for the name and the price alike, and marks the fields it speaks of. The allergen declaration
// (rule: allergen-declaration) is the 14 of Annex II as checkboxes plus "Inga allergener"; none
// ticked is no declaration: such a pizza may be active, but is sold at the counter only, never
// online (rule: undeclared-pizzas), and the grid marks it until it is declared.
import { declarationOf, type AllergenCode, type AllergenKinds } from '../../../../domain/menu/allergens.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { FormDialog } from '../../../components/Dialog.js';
import { useSchemaForm, type SchemaForm } from '../../../components/useSchemaForm.js';
import { pizzaInputSchema, savePizza, type AdminPizza, type PizzaBody } from '../api/pizzas.js';
import { pizzaTexts } from '../texts.js';
import { extraTexts } from '../extrasTexts.js';
import { AllergenDeclaration, kindsToSend } from './AllergenDeclaration.js';
import { krToCents, PriceField } from './PriceField.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';

interface Draft {
  name: string;
  description: string;
  /** As typed, in kronor. */
  price: string;
  active: boolean;
  allergens: AllergenCode[];
  /** "Inga allergener" ticked: declared free of all 14. */
  none: boolean;
  /** Issue 29: what the pizza can be made without, as typed ("lök, feferoni"). */
  removable: string;
  /** Rule allergen-kinds. */
  kinds?: AllergenKinds;
}

const ERROR_ID = 'pizza-form-error';

const draftOf = (pizza: AdminPizza | null): Draft =>
  pizza
    ? {
        name: pizza.name,
        description: pizza.description ?? '',
        price: String(pizza.price_cents / 100),
        active: Boolean(pizza.active),
        allergens: pizza.allergens,
        none: declarationOf(pizza)?.length === 0,
        removable: (pizza.removable ?? []).join(', '),
        kinds: pizza.allergen_kinds ?? {},
      }
    : { name: '', description: '', price: '', active: true, allergens: [], none: false, removable: '' };

const bodyOf = (draft: Draft): PizzaBody => ({
  name: draft.name.trim(),
  description: draft.description.trim(),
  price_cents: krToCents(draft.price),
  active: draft.active ? 1 : 0,
  allergens: draft.none ? [] : draft.allergens.length > 0 ? draft.allergens : null,
  allergen_kinds: kindsToSend(draft),
  removable: draft.removable
    .split(',')
    .map((i) => i.trim())
    .filter(Boolean),
});

const pizzaForm: SchemaForm<AdminPizza, Draft, typeof pizzaInputSchema> = {
  schema: pizzaInputSchema,
  draftOf,
  bodyOf,
  save: savePizza,
  texts: { ...pizzaTexts, editTitle: (pizza) => pizzaTexts.editNamed(pizza.name) },
};

export function PizzaFormDialog({
  pizza,
  ...props
}: {
  pizza: AdminPizza | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { draft, set, errors, dialog } = useSchemaForm(pizzaForm, pizza, props);
  return (
    // One SPEC message for the name and the price: shown once, above the buttons.
    <FormDialog {...dialog} error={Object.values(errors)[0] ?? dialog.error} errorId={ERROR_ID}>
      <Field id="pizza-name" label={pizzaTexts.name}>
        <input
          {...fieldControl('pizza-name', errors.name, undefined, ERROR_ID)}
          value={draft.name}
          maxLength={maxLengthOf(pizzaInputSchema.shape.name)}
          autoComplete="off"
          required
          onChange={(e) => set({ name: e.target.value })}
        />
      </Field>
      <Field id="pizza-description" label={pizzaTexts.description}>
        <textarea
          {...fieldControl('pizza-description', errors.description, undefined, ERROR_ID)}
          rows={3}
          maxLength={maxLengthOf(pizzaInputSchema.shape.description)}
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
        />
      </Field>
      <PriceField
        prefix="pizza"
        texts={pizzaTexts}
        value={draft.price}
        error={errors.price_cents}
        onChange={(price) => set({ price })}
      />
      <AllergenDeclaration name="pizza-allergens" texts={pizzaTexts} value={draft} onChange={set} />
      <Field id="pizza-removable" label={extraTexts.removable} hint={extraTexts.removableHint}>
        <input
          {...fieldControl('pizza-removable', errors.removable, extraTexts.removableHint, ERROR_ID)}
          value={draft.removable}
          autoComplete="off"
          onChange={(e) => set({ removable: e.target.value })}
        />
      </Field>
      <label className="check">
        <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />
        <span>{pizzaTexts.activeOnMenu}</span>
      </label>
    </FormDialog>
  );
}

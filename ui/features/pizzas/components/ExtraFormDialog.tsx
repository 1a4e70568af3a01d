// The add and edit form of an extra (issue 29): name, price in kronor (sent as öre), active and
// its own allergens, the 14 of Annex II or "Inga allergener" (an extra is always declared).
import type { AllergenCode, AllergenKinds } from '../../../../domain/menu/allergens.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { FormDialog } from '../../../components/Dialog.js';
import { useSchemaForm, type SchemaForm } from '../../../components/useSchemaForm.js';
import { extraInputSchema, saveExtra, type AdminExtra, type ExtraBody } from '../api/extras.js';
import { extraTexts } from '../extrasTexts.js';
import { AllergenDeclaration, kindsToSend } from './AllergenDeclaration.js';
import { krToCents, PriceField } from './PriceField.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';

interface Draft {
  name: string;
  /** As typed, in kronor. */
  price: string;
  active: boolean;
  allergens: AllergenCode[];
  /** "Inga allergener" ticked. */
  none: boolean;
  /** Rule allergen-kinds. */
  kinds?: AllergenKinds;
}

const ERROR_ID = 'extra-form-error';

const draftOf = (extra: AdminExtra | null): Draft =>
  extra
    ? {
        name: extra.name,
        price: String(extra.price_cents / 100),
        active: Boolean(extra.active),
        allergens: extra.allergens,
        none: extra.allergens.length === 0,
        kinds: extra.allergen_kinds ?? {},
      }
    : { name: '', price: '', active: true, allergens: [], none: false };

const bodyOf = (draft: Draft): ExtraBody => ({
  name: draft.name.trim(),
  price_cents: krToCents(draft.price),
  active: draft.active ? 1 : 0,
  // Nothing ticked is no declaration: left out, the schema refuses it with its own message.
  allergens: (draft.none ? [] : draft.allergens.length > 0 ? draft.allergens : undefined) as AllergenCode[],
  allergen_kinds: kindsToSend(draft),
});

const extraForm: SchemaForm<AdminExtra, Draft, typeof extraInputSchema> = {
  schema: extraInputSchema,
  draftOf,
  bodyOf,
  save: saveExtra,
  texts: { ...extraTexts, editTitle: (extra) => extraTexts.editNamed(extra.name) },
};

export function ExtraFormDialog({
  extra,
  ...props
}: {
  extra: AdminExtra | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { draft, set, errors, dialog } = useSchemaForm(extraForm, extra, props);
  return (
    <FormDialog {...dialog} error={Object.values(errors)[0] ?? dialog.error} errorId={ERROR_ID}>
      <Field id="extra-name" label={extraTexts.name}>
        <input
          {...fieldControl('extra-name', errors.name, undefined, ERROR_ID)}
          value={draft.name}
          maxLength={maxLengthOf(extraInputSchema.shape.name)}
          autoComplete="off"
          required
          onChange={(e) => set({ name: e.target.value })}
        />
      </Field>
      <PriceField
        prefix="extra"
        texts={extraTexts}
        value={draft.price}
        error={errors.price_cents}
        onChange={(price) => set({ price })}
      />
      <AllergenDeclaration name="extra-allergens" texts={extraTexts} value={draft} onChange={set} />
      <label className="check">
        <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />
        <span>{extraTexts.activeOnMenu}</span>
      </label>
    </FormDialog>
  );
}

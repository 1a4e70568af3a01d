// The form that closes a date range (rule: closures), checked with the domain's
// closureInputSchema: its messages stand under the fields they speak of.
import { useRef, type ChangeEvent } from 'react';
import { Field, fieldControl } from '../../../components/Field.js';
import { FormDialog } from '../../../components/Dialog.js';
import { useSchemaForm, type SchemaForm } from '../../../components/useSchemaForm.js';
import { CLOSURE_REASON_MAX } from '../../../../domain/closures/closures.js';
import {
  closureInputSchema,
  createClosure,
  type Closure,
  type ClosureBody,
  type ClosureCreated,
} from '../api/closures.js';
import { closureTexts } from '../texts.js';

interface Draft {
  from: string;
  to: string;
  reason: string;
  recurring: boolean;
}

const closureForm: SchemaForm<Closure, Draft, typeof closureInputSchema> = {
  schema: closureInputSchema,
  draftOf: () => ({ from: '', to: '', reason: '', recurring: false }),
  bodyOf: (draft): ClosureBody => ({
    from: draft.from,
    to: draft.to,
    reason: draft.reason,
    recurring: draft.recurring,
  }),
  save: (_id, body) => createClosure(body),
  texts: {
    ...closureTexts,
    editTitle: () => closureTexts.newTitle,
    saveChanges: closureTexts.create,
    updated: closureTexts.created,
  },
};

type DateKey = 'from' | 'to';

/** onCreated: the closure as stored and the bookings already on its dates. */
export function ClosureFormDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: ClosureCreated) => Promise<unknown>;
}) {
  const created = useRef<ClosureCreated | null>(null);
  const form = {
    ...closureForm,
    save: async (id: number | null, body: ClosureBody) => (created.current = await createClosure(body)),
  };
  const { draft, set, errors, dialog } = useSchemaForm(form, null, {
    onClose,
    onSaved: () => onCreated(created.current!),
  });
  const dateField = (name: DateKey, label: string) => (
    <Field id={`closure-${name}`} label={label} error={errors[name]}>
      <input
        {...fieldControl(`closure-${name}`, errors[name])}
        type="date"
        required
        value={draft[name]}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          const value = e.target.value;
          // A one-day closure is the common case: the end follows the start until it is set.
          set(
            name === 'from' && (draft.to === '' || draft.to < value) ? { from: value, to: value } : { [name]: value },
          );
        }}
      />
    </Field>
  );

  return (
    <FormDialog {...dialog}>
      <div className="form-grid">
        {dateField('from', closureTexts.from)}
        {dateField('to', closureTexts.to)}
      </div>
      <Field id="closure-reason" label={closureTexts.reason} hint={closureTexts.reasonHint} error={errors.reason}>
        <input
          {...fieldControl('closure-reason', errors.reason, closureTexts.reasonHint)}
          required
          maxLength={CLOSURE_REASON_MAX}
          value={draft.reason}
          onChange={(e) => set({ reason: e.target.value })}
        />
      </Field>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.recurring}
          aria-describedby="closure-recurring-hint"
          onChange={(e) => set({ recurring: e.target.checked })}
        />
        <span>{closureTexts.recurring}</span>
      </label>
      <p id="closure-recurring-hint" className="hint">
        {closureTexts.recurringHint}
      </p>
    </FormDialog>
  );
}

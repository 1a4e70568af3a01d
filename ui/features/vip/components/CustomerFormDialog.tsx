// Add or edit a VIP customer in a dialog, checked with the domain's vipCustomerInputSchema (its
// messages: e-mail and name required, a valid e-mail).
import { Field, fieldControl } from '../../../components/Field.js';
import { FormDialog } from '../../../components/Dialog.js';
import { useSchemaForm, type SchemaForm } from '../../../components/useSchemaForm.js';
import { saveCustomer, vipCustomerInputSchema, type VipCustomer, type VipCustomerBody } from '../api/vip.js';
import { vipTexts } from '../texts.js';

interface Draft {
  email: string;
  name: string;
  phone: string;
  notes: string;
  active: boolean;
}

/** The one-line fields in the dialog's order: their input type, and whether the schema requires them. */
const TEXT_FIELDS = [
  { key: 'email', type: 'email', required: true },
  { key: 'name', type: 'text', required: true },
  { key: 'phone', type: 'tel', required: false },
] as const;

const draftOf = (customer: VipCustomer | null): Draft => ({
  email: customer?.email ?? '',
  name: customer?.name ?? '',
  phone: customer?.phone ?? '',
  notes: customer?.notes ?? '',
  active: customer ? Boolean(customer.active) : true,
});

const bodyOf = (draft: Draft): VipCustomerBody => ({
  email: draft.email.trim(),
  name: draft.name.trim(),
  phone: draft.phone.trim(),
  notes: draft.notes.trim(),
  active: draft.active,
});

const customerForm: SchemaForm<VipCustomer, Draft, typeof vipCustomerInputSchema> = {
  schema: vipCustomerInputSchema,
  draftOf,
  bodyOf,
  save: saveCustomer,
  texts: {
    newTitle: vipTexts.newCustomer,
    editTitle: (customer) => vipTexts.editTitle(customer.name),
    create: vipTexts.createCustomer,
    saveChanges: vipTexts.saveChanges,
    created: vipTexts.customerCreated,
    updated: vipTexts.customerUpdated,
    saveFailed: vipTexts.saveFailed,
  },
};

export function CustomerFormDialog({
  customer,
  ...props
}: {
  customer: VipCustomer | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { draft, set, errors, dialog } = useSchemaForm(customerForm, customer, props);
  return (
    <FormDialog {...dialog} className="planning-modal">
      {TEXT_FIELDS.map(({ key, type, required }) => (
        <Field key={key} id={`vip-${key}`} label={vipTexts[key]} error={errors[key]}>
          <input
            {...fieldControl(`vip-${key}`, errors[key])}
            type={type}
            autoComplete="off"
            required={required}
            value={draft[key]}
            onChange={(e) => set({ [key]: e.target.value })}
          />
        </Field>
      ))}
      <Field id="vip-notes" label={vipTexts.notesOptional} error={errors.notes}>
        <textarea
          {...fieldControl('vip-notes', errors.notes)}
          rows={3}
          value={draft.notes}
          onChange={(e) => set({ notes: e.target.value })}
        />
      </Field>
      <label className="check">
        <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />
        <span>{vipTexts.active}</span>
      </label>
    </FormDialog>
  );
}

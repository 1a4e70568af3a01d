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
      <Field id="vip-email" label={vipTexts.email} error={errors.email}>
        <input
          {...fieldControl('vip-email', errors.email)}
          type="email"
          autoComplete="off"
          required
          value={draft.email}
          onChange={(e) => set({ email: e.target.value })}
        />
      </Field>
      <Field id="vip-name" label={vipTexts.name} error={errors.name}>
        <input
          {...fieldControl('vip-name', errors.name)}
          type="text"
          autoComplete="off"
          required
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
        />
      </Field>
      <Field id="vip-phone" label={vipTexts.phone} error={errors.phone}>
        <input
          {...fieldControl('vip-phone', errors.phone)}
          type="tel"
          autoComplete="off"
          value={draft.phone}
          onChange={(e) => set({ phone: e.target.value })}
        />
      </Field>
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

// The owner's form for a new account: name, e-mail, role and the first password, checked with
// the domain's addAdminSchema (its messages under the fields), the server's refusal in the form.
import { Field, fieldControl } from '../../../components/Field.js';
import { FormDialog } from '../../../components/Dialog.js';
import { useCheckedForm } from '../../../components/useSchemaForm.js';
import { addAccount, addAdminSchema, type AdminRole } from '../api/accounts.js';
import { accountTexts } from '../texts.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';

const blankAccount = (): { name: string; email: string; role: AdminRole; password: string } => ({
  name: '',
  email: '',
  role: 'staff',
  password: '',
});

export function AddAccountDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => Promise<unknown> }) {
  const { draft, set, errors, ...form } = useCheckedForm(blankAccount, {
    schema: addAdminSchema,
    bodyOf: (body) => body,
    send: addAccount,
    success: accountTexts.created,
    failure: accountTexts.createFailed,
    onSaved,
  });

  const text = (name: 'name' | 'email' | 'password', label: string, hint?: string) => ({
    field: { id: `account-${name}`, label, hint, error: errors[name] },
    control: {
      ...fieldControl(`account-${name}`, errors[name], hint),
      value: draft[name],
      onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value }),
    },
  });
  const name = text('name', accountTexts.name);
  const email = text('email', accountTexts.email);
  const password = text('password', accountTexts.firstPassword, accountTexts.passwordHint);

  return (
    <FormDialog title={accountTexts.newTitle} submitLabel={accountTexts.create} onClose={onClose} {...form}>
      <Field {...name.field}>
        <input {...name.control} maxLength={maxLengthOf(addAdminSchema.shape.name)} autoComplete="off" required />
      </Field>
      <Field {...email.field}>
        <input {...email.control} type="email" autoComplete="off" spellCheck={false} required />
      </Field>
      <Field id="account-role" label={accountTexts.role} hint={accountTexts.roleHint} error={errors.role}>
        <select
          {...fieldControl('account-role', errors.role, accountTexts.roleHint)}
          value={draft.role}
          onChange={(e) => set({ role: e.target.value as AdminRole })}
        >
          <option value="staff">{accountTexts.roles.staff}</option>
          <option value="owner">{accountTexts.roles.owner}</option>
        </select>
      </Field>
      <Field {...password.field}>
        <input {...password.control} type="password" autoComplete="new-password" minLength={12} required />
      </Field>
    </FormDialog>
  );
}

// Two password forms in a dialog: everyone's own change (the current password and a new one,
// changeOwnPasswordSchema) and the owner's reset of a colleague's (a new one, resetPasswordSchema).
import { Field, fieldControl } from '../../../components/Field.js';
import { FormDialog } from '../../../components/Dialog.js';
import { useCheckedForm } from '../../../components/useSchemaForm.js';
import {
  changeOwnPassword,
  changeOwnPasswordSchema,
  resetPassword,
  resetPasswordSchema,
  type Account,
} from '../api/accounts.js';
import { accountTexts } from '../texts.js';

function PasswordInput({
  id,
  label,
  hint,
  error,
  value,
  autoComplete,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  autoComplete: 'current-password' | 'new-password';
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        {...fieldControl(id, error, hint)}
        type="password"
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/** The signed-in admin's own password: the current one and a new one; their other sessions end. */
export function ChangeOwnPasswordDialog({ onClose }: { onClose: () => void }) {
  const { draft, set, errors, ...form } = useCheckedForm(() => ({ current_password: '', new_password: '' }), {
    schema: changeOwnPasswordSchema,
    bodyOf: (body) => body,
    send: changeOwnPassword,
    success: accountTexts.changeOwnDone,
    failure: accountTexts.changeOwnFailed,
    onSaved: onClose,
  });

  return (
    <FormDialog title={accountTexts.changeOwnTitle} submitLabel={accountTexts.resetSave} onClose={onClose} {...form}>
      <PasswordInput
        id="own-current-password"
        label={accountTexts.currentPassword}
        error={errors.current_password}
        value={draft.current_password}
        autoComplete="current-password"
        onChange={(current_password) => set({ current_password })}
      />
      <PasswordInput
        id="own-new-password"
        label={accountTexts.newPassword}
        hint={accountTexts.ownHint}
        error={errors.new_password}
        value={draft.new_password}
        autoComplete="new-password"
        onChange={(new_password) => set({ new_password })}
      />
    </FormDialog>
  );
}

/** The owner sets a colleague's password; the colleague is signed out everywhere. */
export function ResetPasswordDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { draft, set, errors, ...form } = useCheckedForm(() => ({ password: '' }), {
    schema: resetPasswordSchema,
    bodyOf: (body) => body,
    send: (body) => resetPassword(account.id, body),
    success: accountTexts.resetDone,
    failure: accountTexts.resetFailed,
    onSaved: onClose,
  });

  return (
    <FormDialog
      title={accountTexts.resetTitle(account.name)}
      submitLabel={accountTexts.resetSave}
      onClose={onClose}
      {...form}
    >
      <PasswordInput
        id="reset-password"
        label={accountTexts.newPassword}
        hint={accountTexts.resetHint}
        error={errors.password}
        value={draft.password}
        autoComplete="new-password"
        onChange={(password) => set({ password })}
      />
    </FormDialog>
  );
}

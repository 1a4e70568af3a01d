// Two password forms in a dialog: everyone's own change (the current password and a new one,
// changeOwnPasswordSchema) and the owner's reset of a colleague's (a new one, resetPasswordSchema).
import { useState } from 'react';
import { Field, fieldControl } from '../../../components/Field.js';
import { FormDialog } from '../../../components/Dialog.js';
import { useAction } from '../../../components/useAction.js';
import { check, type FieldErrors } from '../../../lib/formErrors.js';
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
  const [draft, setDraft] = useState({ current_password: '', new_password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  const { busy, run } = useAction();

  function onSubmit() {
    const checked = check(changeOwnPasswordSchema, draft);
    setErrors(checked.ok ? {} : checked.errors);
    setServerError('');
    if (!checked.ok) return;
    void run('change', () => changeOwnPassword(draft), {
      success: accountTexts.changeOwnDone,
      failure: accountTexts.changeOwnFailed,
      reload: onClose,
      onError: setServerError,
    });
  }

  return (
    <FormDialog
      title={accountTexts.changeOwnTitle}
      submitLabel={accountTexts.resetSave}
      busy={busy !== null}
      error={serverError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <PasswordInput
        id="own-current-password"
        label={accountTexts.currentPassword}
        error={errors.current_password}
        value={draft.current_password}
        autoComplete="current-password"
        onChange={(current_password) => setDraft((d) => ({ ...d, current_password }))}
      />
      <PasswordInput
        id="own-new-password"
        label={accountTexts.newPassword}
        hint={accountTexts.ownHint}
        error={errors.new_password}
        value={draft.new_password}
        autoComplete="new-password"
        onChange={(new_password) => setDraft((d) => ({ ...d, new_password }))}
      />
    </FormDialog>
  );
}

/** The owner sets a colleague's password; the colleague is signed out everywhere. */
export function ResetPasswordDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  const { busy, run } = useAction();

  function onSubmit() {
    const checked = check(resetPasswordSchema, { password });
    setErrors(checked.ok ? {} : checked.errors);
    setServerError('');
    if (!checked.ok) return;
    void run('reset', () => resetPassword(account.id, { password }), {
      success: accountTexts.resetDone,
      failure: accountTexts.resetFailed,
      reload: onClose,
      onError: setServerError,
    });
  }

  return (
    <FormDialog
      title={accountTexts.resetTitle(account.name)}
      submitLabel={accountTexts.resetSave}
      busy={busy !== null}
      error={serverError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <PasswordInput
        id="reset-password"
        label={accountTexts.newPassword}
        hint={accountTexts.resetHint}
        error={errors.password}
        value={password}
        autoComplete="new-password"
        onChange={setPassword}
      />
    </FormDialog>
  );
}

// The confirmation before an erasure (rule: erasure): what goes, what stays, that it cannot be
// undone, and the customer's e-mail typed once more, so a slip of the hand erases nothing.
import { useState } from 'react';
import { FormDialog } from '../../../components/Dialog.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { useAction } from '../../../components/useAction.js';
import { eraseCustomer, type CustomerErasure } from '../api/customers.js';
import { customerTexts as texts } from '../texts.js';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function EraseCustomerDialog({
  email,
  bookings,
  onClose,
  onErased,
}: {
  email: string;
  bookings: number;
  onClose: () => void;
  onErased: (erasure: CustomerErasure) => Promise<unknown>;
}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState('');
  const { busy, run } = useAction();

  function submit() {
    const mismatch = same(typed, email) ? undefined : texts.eraseMismatch;
    setError(mismatch);
    setServerError('');
    if (mismatch) return;
    void run('erase', () => eraseCustomer(email), {
      failure: texts.eraseFailed,
      reload: onErased,
      onError: setServerError,
    });
  }

  return (
    <FormDialog
      title={texts.eraseDialogTitle(email)}
      className="customers__erase-dialog"
      focusTitle
      busy={busy !== null}
      busyLabel={texts.erasing}
      submitLabel={texts.eraseSubmit}
      error={serverError}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="customers__warning">{texts.eraseIrreversible}</p>
      <p>{texts.eraseWhat(bookings)}</p>
      <p>{texts.eraseKept}</p>
      <p>{texts.eraseWhen}</p>
      <Field id="customer-erase-confirm" label={texts.eraseConfirm} error={error}>
        <input
          {...fieldControl('customer-erase-confirm', error)}
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}

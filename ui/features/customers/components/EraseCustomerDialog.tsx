// The confirmation before an erasure (rule: erasure): what goes, what stays, that it cannot be
// undone, and the customer's e-mail (or phone number) typed once more, so a slip of the hand
// erases nothing.
import { useState } from 'react';
import { FormDialog } from '../../../components/Dialog.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { useAction } from '../../../components/useAction.js';
import { normaliseEmail, normalisePhone } from '../../../../domain/customers/personalData.js';
import { eraseCustomer, type CustomerErasure, type CustomerLookup } from '../api/customers.js';
import { customerTexts as texts } from '../texts.js';

/** The same customer as typed again: e-mails as the booking rules compare them, phone numbers by their digits. */
const same = (customer: CustomerLookup, typed: string) =>
  'email' in customer
    ? normaliseEmail(typed) === normaliseEmail(customer.email)
    : 'phone' in customer
      ? normalisePhone(typed) === normalisePhone(customer.phone)
      : typed.trim() === customer.booking_id.trim();

export function EraseCustomerDialog({
  customer,
  bookings,
  onClose,
  onErased,
}: {
  customer: CustomerLookup;
  bookings: number;
  onClose: () => void;
  onErased: (erasure: CustomerErasure) => Promise<unknown>;
}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState('');
  const { busy, run } = useAction();

  const byPhone = 'phone' in customer;
  const byNumber = 'booking_id' in customer;
  const who = 'email' in customer ? customer.email : 'phone' in customer ? customer.phone : customer.booking_id;

  function submit() {
    const mismatch = same(customer, typed)
      ? undefined
      : byPhone
        ? texts.eraseMismatchPhone
        : byNumber
          ? texts.eraseMismatchNumber
          : texts.eraseMismatch;
    setError(mismatch);
    setServerError('');
    if (mismatch) return;
    void run('erase', () => eraseCustomer(customer), {
      failure: texts.eraseFailed,
      reload: onErased,
      onError: setServerError,
    });
  }

  return (
    <FormDialog
      title={texts.eraseDialogTitle(who)}
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
      <Field
        id="customer-erase-confirm"
        label={byPhone ? texts.eraseConfirmPhone : byNumber ? texts.eraseConfirmNumber : texts.eraseConfirm}
        error={error}
      >
        <input
          {...fieldControl('customer-erase-confirm', error)}
          type={byPhone ? 'tel' : 'email'}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}

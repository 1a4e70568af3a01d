// The bookings already on a closure's dates (rule: closure-bookings) and the one action that
// cancels them all, with a message every customer gets once in the cancellation mail.
import { useState } from 'react';
import { Field, fieldControl } from '../../../components/Field.js';
import { FormDialog } from '../../../components/Dialog.js';
import { useAction } from '../../../components/useAction.js';
import { check } from '../../../lib/formErrors.js';
import { formatDateShort } from '../../../lib/format.js';
import { cancelClosureBookings, closureCancelSchema, type AffectedBooking, type Closure } from '../api/closures.js';
import { closureTexts } from '../texts.js';
import { AdminTable } from '../../../components/admin/AdminTable.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';

export function AffectedBookingsDialog({
  closure,
  bookings,
  onClose,
  onDone,
}: {
  closure: Closure;
  bookings: AffectedBooking[];
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState('');
  const { busy, run } = useAction();

  function submit() {
    const checked = check(closureCancelSchema, { message });
    setError(checked.ok ? undefined : checked.errors.message);
    setServerError('');
    if (!checked.ok) return;
    void run('cancel', () => cancelClosureBookings(closure.id, { message }), {
      success: (result) => closureTexts.cancelled(result.cancelled),
      failure: closureTexts.cancelFailed,
      reload: onDone,
      onError: setServerError,
    });
  }

  return (
    <FormDialog
      title={closureTexts.affectedTitle(closure.reason)}
      wide
      busy={busy !== null}
      busyLabel={closureTexts.cancelling}
      submitLabel={closureTexts.cancelAll}
      cancelLabel={closureTexts.close}
      error={serverError}
      onSubmit={submit}
      onClose={onClose}
    >
      <p>{closureTexts.affectedIntro(bookings.length)}</p>
      <AdminTable
        className="affected-table"
        caption={closureTexts.caption}
        columns={Object.values(closureTexts.columns)}
      >
        {bookings.map((b) => (
          <tr key={b.id}>
            <td data-label={closureTexts.columns.booking}>{b.id}</td>
            <td data-label={closureTexts.columns.when}>
              {formatDateShort(b.date)} {b.time}
            </td>
            <td data-label={closureTexts.columns.name}>{b.name}</td>
            <td data-label={closureTexts.columns.pizzas}>{b.total_pizzas}</td>
            <td data-label={closureTexts.columns.status}>
              <span className={`badge badge--${b.status}`}>{closureTexts.status[b.status]}</span>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Field id="closure-message" label={closureTexts.message} hint={closureTexts.messageHint} error={error}>
        <textarea
          {...fieldControl('closure-message', error, closureTexts.messageHint)}
          rows={3}
          maxLength={maxLengthOf(closureCancelSchema.shape.message)}
          required
          placeholder={closureTexts.messagePlaceholder}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}

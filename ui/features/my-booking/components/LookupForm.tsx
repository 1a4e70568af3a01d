// The lookup form of /my-booking: e-mail and booking number (SPEC 5: both required).
import type { FormEvent } from 'react';
import { Field, FieldError, fieldControl } from '../../../components/Field.js';
import { myBookingTexts } from '../texts.js';

interface Props {
  email: string;
  bookingId: string;
  error: string;
  busy: boolean;
  onEmail: (email: string) => void;
  onBookingId: (id: string) => void;
  onSubmit: () => void;
}

export function LookupForm({ email, bookingId, error, busy, onEmail, onBookingId, onSubmit }: Props) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form className="card lookup" noValidate aria-label={myBookingTexts.find} onSubmit={submit}>
      <Field id="lookup-email" label={myBookingTexts.email}>
        <input
          {...fieldControl('lookup-email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => onEmail(e.target.value)}
          required
        />
      </Field>
      <Field id="lookup-id" label={myBookingTexts.bookingNumber}>
        <input
          {...fieldControl('lookup-id')}
          inputMode="text"
          placeholder={myBookingTexts.bookingNumberExample}
          value={bookingId}
          onChange={(e) => onBookingId(e.target.value)}
          required
        />
      </Field>
      <FieldError text={error} />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? myBookingTexts.finding : myBookingTexts.find}
      </button>
    </form>
  );
}

// The search by e-mail, phone number or order number, checked with the server's own query schema
// so its message shows at the field.
import { useState, type FormEvent } from 'react';
import { Field, fieldControl } from '../../../components/Field.js';
import { check } from '../../../lib/formErrors.js';
import { customerQuerySchema, type CustomerLookup } from '../api/customers.js';
import { lookupOf } from '../lib/customerLookup.js';
import { customerTexts as texts } from '../texts.js';

export function CustomerSearchForm({
  enabled,
  busy,
  onSearch,
}: {
  enabled: boolean;
  busy: string | null;
  onSearch: (lookup: CustomerLookup) => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  function search(event: FormEvent) {
    event.preventDefault();
    const checked = check(customerQuerySchema, lookupOf(email));
    setError(checked.ok ? undefined : (checked.errors.email ?? checked.errors.phone ?? checked.errors.booking_id));
    if (!checked.ok || busy) return;
    onSearch(
      checked.data.phone !== undefined
        ? { phone: checked.data.phone }
        : checked.data.booking_id !== undefined
          ? { booking_id: checked.data.booking_id }
          : { email: checked.data.email! },
    );
  }

  return (
    <form className="card customers__form" noValidate onSubmit={search} aria-labelledby="customer-search-title">
      <h2 id="customer-search-title">{texts.formTitle}</h2>
      <Field id="customer-email" label={texts.email} hint={texts.emailHint} error={error}>
        <input
          {...fieldControl('customer-email', error, texts.emailHint)}
          type="text"
          autoComplete="off"
          disabled={!enabled}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <button type="submit" className="btn btn--primary" disabled={!enabled || busy !== null}>
        {busy ? texts.searching : texts.search}
      </button>
    </form>
  );
}

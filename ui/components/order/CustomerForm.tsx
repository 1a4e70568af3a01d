// The customer's details (SPEC 2, 5): name, e-mail, optional phone, dine in or take away, and an
// optional note to the kitchen. Messages show at their field.
import type { CustomerForm as Customer } from '../../state/booking.js';
import { ORDER_TEXT_MAX } from '../../../domain/kioskDay/orderLimits.js';
import { Field } from '../Field.js';
import { orderTexts } from './texts.js';

export function CustomerForm(props: {
  value: Customer;
  errors: Record<string, string>;
  onChange: (value: Customer) => void;
  /** Offer "SMS när pizzan är klar" (SMS configured: rule sms-notices). */
  sms?: boolean;
}) {
  const { value, errors, onChange, sms = false } = props;
  const set = (patch: Partial<Customer>) => onChange({ ...value, ...patch });
  const invalid = (field: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `booking-${field}-error` } : {};
  return (
    <section className="card" aria-labelledby="customer-title">
      <h2 id="customer-title">{orderTexts.customer}</h2>
      <div className="form-grid">
        <Field id="booking-name" label={orderTexts.name} error={errors.name}>
          <input
            id="booking-name"
            className="field__control"
            autoComplete="name"
            value={value.name}
            onChange={(e) => set({ name: e.target.value })}
            {...invalid('name')}
          />
        </Field>
        <Field id="booking-email" label={orderTexts.email} error={errors.email} hint={orderTexts.emailHint}>
          <input
            id="booking-email"
            className="field__control"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={value.email}
            onChange={(e) => set({ email: e.target.value })}
            {...invalid('email')}
          />
        </Field>
        <Field id="booking-phone" label={orderTexts.phoneOptional} error={errors.phone}>
          <input
            id="booking-phone"
            className="field__control"
            type="tel"
            autoComplete="tel"
            value={value.phone}
            onChange={(e) => set({ phone: e.target.value })}
            {...invalid('phone')}
          />
        </Field>
        <Field id="booking-comment" label={orderTexts.commentOptional} error={errors.comment}>
          <textarea
            id="booking-comment"
            className="field__control"
            rows={2}
            maxLength={ORDER_TEXT_MAX.comment}
            value={value.comment}
            onChange={(e) => set({ comment: e.target.value })}
          />
        </Field>
      </div>
      <label className="check">
        <input type="checkbox" checked={value.dine_in} onChange={(e) => set({ dine_in: e.target.checked })} />
        <span>{orderTexts.dineInChoice}</span>
      </label>
      {sms && (
        <label className="check">
          <input
            type="checkbox"
            checked={value.sms_when_ready}
            onChange={(e) => set({ sms_when_ready: e.target.checked })}
          />
          <span>{orderTexts.smsWhenReady}</span>
        </label>
      )}
    </section>
  );
}

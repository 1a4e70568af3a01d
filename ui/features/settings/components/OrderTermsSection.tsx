// The payment methods the till takes at pick-up (rule: before-order) and the kiosk-wide note on
// cross-contact (rule: cross-contact-note): both shown to customers before they order.
import { Field, fieldControl } from '../../../components/Field.js';
import type { FieldErrors } from '../../../lib/formErrors.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../domain/settings/orderTerms.js';
import { orderTermsTexts } from '../orderTermsTexts.js';

export interface OrderTermsSectionProps {
  methods: PaymentMethod[];
  note: string;
  errors: FieldErrors;
  disabled: boolean;
  onMethods: (methods: PaymentMethod[]) => void;
  onNote: (note: string) => void;
}

export function OrderTermsSection({ methods, note, errors, disabled, onMethods, onNote }: OrderTermsSectionProps) {
  const error = errors.payment_methods;
  return (
    <section className="card" aria-labelledby="order-terms-title">
      <h2 id="order-terms-title">{orderTermsTexts.title}</h2>
      <fieldset
        className="settings-methods"
        aria-describedby={`setting-payment_methods-hint${error ? ' setting-payment_methods-error' : ''}`}
      >
        <legend>{orderTermsTexts.paymentLegend}</legend>
        {PAYMENT_METHODS.map((m, i) => (
          <label key={m} className="check">
            <input
              type="checkbox"
              id={i === 0 ? 'setting-payment_methods' : undefined}
              name="payment_methods"
              value={m}
              disabled={disabled}
              checked={methods.includes(m)}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onMethods(e.target.checked ? [...methods, m] : methods.filter((x) => x !== m))}
            />
            <span>{orderTermsTexts[m]}</span>
          </label>
        ))}
        <p id="setting-payment_methods-hint" className="hint">
          {orderTermsTexts.paymentHint}
        </p>
        {error && (
          <p id="setting-payment_methods-error" className="field__error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
      <Field
        id="setting-cross_contact_note"
        label={orderTermsTexts.crossContact}
        error={errors.cross_contact_note}
        hint={orderTermsTexts.crossContactHint}
      >
        <textarea
          {...fieldControl('setting-cross_contact_note', errors.cross_contact_note, orderTermsTexts.crossContactHint)}
          rows={2}
          disabled={disabled}
          value={note}
          onChange={(e) => onNote(e.target.value)}
        />
      </Field>
    </section>
  );
}

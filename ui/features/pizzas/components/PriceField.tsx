// The price of a pizza or an extra as staff type it, in kronor ('89,50' or '89.5'); the body sends
// öre (price_cents), and the domain's schema refuses what is not a price with its own message.
import { Field, fieldControl } from '../../../components/Field.js';

/** Kronor as typed to öre; NaN when it is not a number (the schema's message then shows). */
export function krToCents(kr: string): number {
  const text = kr.trim().replace(',', '.');
  if (!text) return Number.NaN;
  return Math.round(Number(text) * 100);
}

/** The form of `prefix` ('pizza', 'extra'): its control is `${prefix}-price`, its one shared message `${prefix}-form-error`. */
export function PriceField({
  prefix,
  texts,
  value,
  error,
  onChange,
}: {
  prefix: string;
  texts: { price: string };
  value: string;
  error?: string;
  onChange: (kr: string) => void;
}) {
  const id = `${prefix}-price`;
  return (
    <Field id={id} label={texts.price}>
      <input
        {...fieldControl(id, error, undefined, `${prefix}-form-error`)}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

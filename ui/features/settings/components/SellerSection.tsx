// The seller's details (rule: seller-details): legal name, organisation number, address, phone,
// e-mail, VAT registration number and the financial year's first month, with a notice while any
// detail the law asks for is blank.
import { Field, fieldControl } from '../../../components/Field.js';
import type { FieldErrors } from '../../../lib/formErrors.js';
import { missingSellerFields, type Seller } from '../../../../domain/settings/seller.js';
import { settingsTexts } from '../texts.js';

const texts = settingsTexts.seller;
const FIELDS: { key: keyof Seller; type: 'text' | 'email' | 'tel'; autoComplete: string; wide?: boolean }[] = [
  { key: 'legal_name', type: 'text', autoComplete: 'organization', wide: true },
  { key: 'org_number', type: 'text', autoComplete: 'off' },
  { key: 'vat_number', type: 'text', autoComplete: 'off' },
  // One line (street, postcode, town): street-address is for a textarea (HTML autofill), so none.
  { key: 'address', type: 'text', autoComplete: 'off', wide: true },
  { key: 'phone', type: 'tel', autoComplete: 'tel' },
  { key: 'email', type: 'email', autoComplete: 'email' },
];

export interface SellerSectionProps {
  seller: Seller;
  /** What is saved: the notice follows it, not each keystroke. */
  savedSeller: Seller;
  financialYearStartMonth: string;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (key: keyof Seller, value: string) => void;
  onMonth: (month: string) => void;
}

export function SellerSection(props: SellerSectionProps) {
  const { seller, errors, disabled } = props;
  const missing = missingSellerFields(props.savedSeller);
  const month = {
    id: 'setting-financial_year_start_month',
    label: texts.financialYear,
    error: errors.financial_year_start_month,
    hint: texts.financialYearHint,
  };
  return (
    <section className="card" aria-labelledby="seller-title">
      <h2 id="seller-title">{texts.title}</h2>
      <p className="hint seller-intro">{texts.intro}</p>
      {missing.length > 0 && (
        <div className="notice seller-notice" role="note" aria-labelledby="seller-missing-title">
          <strong id="seller-missing-title">{texts.missingTitle}</strong>
          <p>{texts.missing(missing.map((k) => texts.fields[k].label.toLowerCase()).join(', '))}</p>
        </div>
      )}
      <div className="form-grid">
        {FIELDS.map(({ key, type, autoComplete, wide }) => {
          const id = `setting-seller.${key}`;
          const error = errors[`seller.${key}`];
          const { label, hint } = texts.fields[key];
          return (
            <Field
              key={key}
              id={id}
              label={label}
              error={error}
              hint={hint || undefined}
              className={wide ? 'field--wide' : undefined}
            >
              <input
                {...fieldControl(id, error, hint || undefined)}
                type={type}
                autoComplete={autoComplete}
                disabled={disabled}
                value={seller[key]}
                onChange={(e) => props.onChange(key, e.target.value)}
              />
            </Field>
          );
        })}
        <Field {...month}>
          <select
            {...fieldControl(month.id, month.error, month.hint)}
            disabled={disabled}
            value={props.financialYearStartMonth}
            onChange={(e) => props.onMonth(e.target.value)}
          >
            {texts.months.map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {name}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </section>
  );
}

// One period of the VAT rate table: the order type, its rate and the dates it is in force (either
// end open), and its remove button.
import { Field, fieldControl } from '../../../components/Field.js';
import type { FieldErrors } from '../../../lib/formErrors.js';
import { ORDER_TYPES, VAT_RATES, type OrderType } from '../../../../domain/accounting/accounting.js';
import type { VatPeriodDraft } from '../hooks/useAccountingSettings.js';
import { accountingTexts as texts } from '../texts.js';

export function VatPeriodFields({
  period,
  index,
  errors,
  disabled,
  onChange,
  onRemove,
}: {
  period: VatPeriodDraft;
  index: number;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (patch: Partial<VatPeriodDraft>) => void;
  onRemove: () => void;
}) {
  const id = (field: string) => `vat-period-${index}-${field}`;
  const error = (field: string) => errors[`vat_rates.${index}.${field}`];
  const dateInput = (field: 'valid_from' | 'valid_to', label: string) => (
    <Field id={id(field)} label={label} error={error(field)} hint={texts.openEnded}>
      <input
        {...fieldControl(id(field), error(field), texts.openEnded)}
        type="date"
        disabled={disabled}
        value={period[field] ?? ''}
        onChange={(e) => onChange({ [field]: e.target.value || null })}
      />
    </Field>
  );
  return (
    <fieldset className="vat-period">
      <legend>{texts.periodLegend(index + 1)}</legend>
      <Field id={id('order_type')} label={texts.orderType} error={error('order_type')}>
        <select
          {...fieldControl(id('order_type'), error('order_type'))}
          disabled={disabled}
          value={period.order_type}
          onChange={(e) => onChange({ order_type: e.target.value as OrderType })}
        >
          {ORDER_TYPES.map((type) => (
            <option key={type} value={type}>
              {texts.orderTypes[type]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('rate')} label={texts.rate} error={error('rate')}>
        <select
          {...fieldControl(id('rate'), error('rate'))}
          disabled={disabled}
          value={period.rate}
          onChange={(e) => onChange({ rate: Number(e.target.value) as VatPeriodDraft['rate'] })}
        >
          {VAT_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {texts.percent(rate)}
            </option>
          ))}
        </select>
      </Field>
      {dateInput('valid_from', texts.validFrom)}
      {dateInput('valid_to', texts.validTo)}
      <button
        type="button"
        className="btn btn--secondary vat-period__remove"
        disabled={disabled}
        aria-label={texts.removePeriodNamed(index + 1)}
        onClick={onRemove}
      >
        {texts.removePeriod}
      </button>
    </fieldset>
  );
}

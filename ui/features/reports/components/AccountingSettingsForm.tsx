// The VAT rate table (per order type, each rate with the dates it is in force), the BAS accounts
// the books are made with and where the sales are recorded (rule: sales-recording: the till or
// Pizzakiosken), checked with the server's own schema so its Swedish messages show at
// their field.
import { useState, type FormEvent } from 'react';
import { Field, FieldError, fieldControl } from '../../../components/Field.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { check, type FieldErrors } from '../../../lib/formErrors.js';
import { ORDER_TYPES, VAT_RATES, type OrderType } from '../../../../domain/accounting/accounting.js';
import { SALES_RECORDINGS } from '../../../../domain/accounting/salesRecording.js';
import { ACCOUNT_DIGITS } from '../../../../domain/accounting/settingsSchema.js';
import {
  accountingSettingsSchema,
  getAccountingSettings,
  saveAccountingSettings,
  type AccountingSettingsAnswer,
} from '../api/accounting.js';
import { accountingTexts as texts } from '../texts.js';

type RateKey = '25' | '12' | '6';
const RATE_KEYS: RateKey[] = ['25', '12', '6'];
type VatPeriodDraft = AccountingSettingsAnswer['vat_rates'][number];

export function AccountingSettingsForm({ settings: initial }: { settings: AccountingSettingsAnswer | null }) {
  const hydrated = useHydrated();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run } = useAction();
  if (!draft) {
    const retry = () =>
      void run('load', async () => setDraft(await getAccountingSettings()), { failure: texts.loadSettingsFailed });
    return <LoadFailed text={texts.loadSettingsFailed} onRetry={retry} disabled={!hydrated || busy !== null} />;
  }

  const set = (patch: Partial<AccountingSettingsAnswer>) => setDraft({ ...draft, ...patch });
  const disabled = !hydrated || busy !== null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check(accountingSettingsSchema, draft);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok || busy) return;
    void run('save', () => saveAccountingSettings(checked.data), {
      success: texts.saved,
      failure: texts.saveFailed,
      reload: (saved) => setDraft(saved),
    });
  }

  const setPeriod = (index: number, patch: Partial<VatPeriodDraft>) =>
    set({ vat_rates: draft.vat_rates.map((p, i) => (i === index ? { ...p, ...patch } : p)) });
  const removePeriod = (index: number) => set({ vat_rates: draft.vat_rates.filter((_, i) => i !== index) });
  const addPeriod = () =>
    set({ vat_rates: [...draft.vat_rates, { order_type: 'take_away', rate: 12, valid_from: null, valid_to: null }] });

  const periodRow = (period: VatPeriodDraft, index: number) => {
    const id = (field: string) => `vat-period-${index}-${field}`;
    const error = (field: string) => errors[`vat_rates.${index}.${field}`];
    const dateInput = (field: 'valid_from' | 'valid_to', label: string) => (
      <Field id={id(field)} label={label} error={error(field)} hint={texts.openEnded}>
        <input
          {...fieldControl(id(field), error(field), texts.openEnded)}
          type="date"
          disabled={disabled}
          value={period[field] ?? ''}
          onChange={(e) => setPeriod(index, { [field]: e.target.value || null })}
        />
      </Field>
    );
    return (
      <fieldset key={index} className="vat-period">
        <legend>{texts.periodLegend(index + 1)}</legend>
        <Field id={id('order_type')} label={texts.orderType} error={error('order_type')}>
          <select
            {...fieldControl(id('order_type'), error('order_type'))}
            disabled={disabled}
            value={period.order_type}
            onChange={(e) => setPeriod(index, { order_type: e.target.value as OrderType })}
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
            onChange={(e) => setPeriod(index, { rate: Number(e.target.value) as VatPeriodDraft['rate'] })}
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
          onClick={() => removePeriod(index)}
        >
          {texts.removePeriod}
        </button>
      </fieldset>
    );
  };
  const accountInput = (
    id: string,
    label: string,
    error: string | undefined,
    value: string,
    onChange: (value: string) => void,
  ) => (
    <Field key={id} id={id} label={label} error={error}>
      <input
        {...fieldControl(id, error)}
        inputMode="numeric"
        maxLength={ACCOUNT_DIGITS}
        disabled={disabled}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );

  return (
    <form className="card report-form" noValidate onSubmit={submit} aria-labelledby="accounting-settings-title">
      <h2 id="accounting-settings-title">{texts.settingsTitle}</h2>
      <p className="hint report-form__intro">{texts.settingsIntro}</p>
      <h3 id="vat-periods-title" className="vat-periods__title">
        {texts.vatTableTitle}
      </h3>
      <p className="hint">{texts.vatTableIntro}</p>
      <div className="vat-periods" role="group" aria-labelledby="vat-periods-title">
        {draft.vat_rates.map(periodRow)}
      </div>
      <FieldError id="vat-periods-error" text={errors.vat_rates} />
      <button type="button" className="btn btn--secondary vat-periods__add" disabled={disabled} onClick={addPeriod}>
        {texts.addPeriod}
      </button>
      <fieldset className="sales-recording" aria-describedby="sales-recording-intro">
        <legend>{texts.salesRecordingTitle}</legend>
        <p id="sales-recording-intro" className="hint">
          {texts.salesRecordingIntro}
        </p>
        {SALES_RECORDINGS.map((recording) => (
          <div key={recording} className="sales-recording__option">
            <input
              type="radio"
              id={`sales-recording-${recording}`}
              name="sales_recording"
              value={recording}
              checked={draft.sales_recording === recording}
              disabled={disabled}
              aria-describedby={`sales-recording-${recording}-hint`}
              onChange={() => set({ sales_recording: recording })}
            />
            <label htmlFor={`sales-recording-${recording}`}>{texts.salesRecordings[recording].label}</label>
            <p id={`sales-recording-${recording}-hint`} className="hint">
              {texts.salesRecordings[recording].hint}
            </p>
          </div>
        ))}
        <FieldError id="sales-recording-error" text={errors.sales_recording} />
      </fieldset>
      <div className="form-grid accounting__accounts">
        {accountInput('account-cash', texts.cashAccount, errors.cash_account, draft.cash_account, (cash_account) =>
          set({ cash_account }),
        )}
        {RATE_KEYS.map((rate) =>
          accountInput(
            `account-sales-${rate}`,
            texts.salesAccount(Number(rate)),
            errors[`sales_accounts.${rate}`],
            draft.sales_accounts[rate],
            (value) => set({ sales_accounts: { ...draft.sales_accounts, [rate]: value } }),
          ),
        )}
        {RATE_KEYS.map((rate) =>
          accountInput(
            `account-vat-${rate}`,
            texts.vatAccount(Number(rate)),
            errors[`vat_accounts.${rate}`],
            draft.vat_accounts[rate],
            (value) => set({ vat_accounts: { ...draft.vat_accounts, [rate]: value } }),
          ),
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={disabled}>
        {busy ? texts.saving : texts.save}
      </button>
    </form>
  );
}

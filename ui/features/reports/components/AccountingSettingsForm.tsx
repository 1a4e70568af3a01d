// The VAT rates per order type and the BAS accounts the books are made with, checked with the
// server's own schema so its Swedish messages show at their field.
import { useState, type FormEvent } from 'react';
import { Field, fieldControl } from '../../../components/Field.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { check, type FieldErrors } from '../../../lib/formErrors.js';
import { VAT_RATES } from '../../../../domain/accounting/accounting.js';
import {
  accountingSettingsSchema,
  getAccountingSettings,
  saveAccountingSettings,
  type AccountingSettingsAnswer,
} from '../api/accounting.js';
import { accountingTexts as texts } from '../texts.js';

type RateKey = '25' | '12' | '6';
const RATE_KEYS: RateKey[] = ['25', '12', '6'];

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

  const rateSelect = (id: string, label: string, key: 'vat_dine_in_percent' | 'vat_take_away_percent') => (
    <Field id={id} label={label} error={errors[key]}>
      <select
        {...fieldControl(id, errors[key])}
        disabled={disabled}
        value={draft[key]}
        onChange={(e) => set({ [key]: Number(e.target.value) as AccountingSettingsAnswer[typeof key] })}
      >
        {VAT_RATES.map((rate) => (
          <option key={rate} value={rate}>
            {texts.percent(rate)}
          </option>
        ))}
      </select>
    </Field>
  );
  const accountInput = (
    id: string,
    label: string,
    error: string | undefined,
    value: string,
    onChange: (value: string) => void,
  ) => (
    <Field id={id} label={label} error={error}>
      <input
        {...fieldControl(id, error)}
        inputMode="numeric"
        maxLength={4}
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
      <div className="form-grid">
        {rateSelect('vat-dine-in', texts.vatDineIn, 'vat_dine_in_percent')}
        {rateSelect('vat-take-away', texts.vatTakeAway, 'vat_take_away_percent')}
      </div>
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

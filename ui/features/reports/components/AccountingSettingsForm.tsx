// The VAT rate table (per order type, each rate with the dates it is in force), the BAS accounts
// the books are made with and where the sales are recorded (rule: sales-recording: the till or
// Pizzakiosken), checked with the server's own schema so its Swedish messages show at
// their field (hooks/useAccountingSettings).
import { FieldError } from '../../../components/Field.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import type { AccountingSettingsAnswer } from '../api/accounting.js';
import { useAccountingSettings } from '../hooks/useAccountingSettings.js';
import { accountingTexts as texts } from '../texts.js';
import { AccountFields } from './AccountFields.js';
import { SalesRecordingChoice } from './SalesRecordingChoice.js';
import { VatPeriodFields } from './VatPeriodFields.js';

export function AccountingSettingsForm({ settings }: { settings: AccountingSettingsAnswer | null }) {
  const form = useAccountingSettings(settings);
  const { draft, errors, disabled, set } = form;
  if (!draft) return <LoadFailed text={texts.loadSettingsFailed} onRetry={form.retry} disabled={disabled} />;

  return (
    <form className="card report-form" noValidate onSubmit={form.submit} aria-labelledby="accounting-settings-title">
      <h2 id="accounting-settings-title">{texts.settingsTitle}</h2>
      <p className="hint report-form__intro">{texts.settingsIntro}</p>
      <h3 id="vat-periods-title" className="vat-periods__title">
        {texts.vatTableTitle}
      </h3>
      <p className="hint">{texts.vatTableIntro}</p>
      <div className="vat-periods" role="group" aria-labelledby="vat-periods-title">
        {draft.vat_rates.map((period, index) => (
          <VatPeriodFields
            key={index}
            period={period}
            index={index}
            errors={errors}
            disabled={disabled}
            onChange={(patch) => form.setPeriod(index, patch)}
            onRemove={() => form.removePeriod(index)}
          />
        ))}
      </div>
      <FieldError id="vat-periods-error" text={errors.vat_rates} />
      <button
        type="button"
        className="btn btn--secondary vat-periods__add"
        disabled={disabled}
        onClick={form.addPeriod}
      >
        {texts.addPeriod}
      </button>
      <SalesRecordingChoice
        value={draft.sales_recording}
        error={errors.sales_recording}
        disabled={disabled}
        onChange={(sales_recording) => set({ sales_recording })}
      />
      <AccountFields accounts={draft} errors={errors} disabled={disabled} onChange={set} />
      <button type="submit" className="btn btn--primary" disabled={disabled}>
        {form.busy ? texts.saving : texts.save}
      </button>
    </form>
  );
}

// The accounting settings' draft: read again when the first read failed, changed field by field
// (the VAT periods one by one), checked with the server's own schema so its Swedish messages show
// at their field, and saved.
import { useState, type FormEvent } from 'react';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { check, type FieldErrors } from '../../../lib/formErrors.js';
import {
  accountingSettingsSchema,
  getAccountingSettings,
  saveAccountingSettings,
  type AccountingSettingsAnswer,
} from '../api/accounting.js';
import { accountingTexts as texts } from '../texts.js';

export type VatPeriodDraft = AccountingSettingsAnswer['vat_rates'][number];

export function useAccountingSettings(initial: AccountingSettingsAnswer | null) {
  const hydrated = useHydrated();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run } = useAction();

  const retry = () =>
    void run('load', async () => setDraft(await getAccountingSettings()), { failure: texts.loadSettingsFailed });
  const set = (patch: Partial<AccountingSettingsAnswer>) => setDraft((d) => d && { ...d, ...patch });
  const setPeriods = (change: (periods: VatPeriodDraft[]) => VatPeriodDraft[]) =>
    setDraft((d) => d && { ...d, vat_rates: change(d.vat_rates) });

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

  return {
    draft,
    errors,
    busy,
    disabled: !hydrated || busy !== null,
    retry,
    set,
    submit,
    setPeriod: (index: number, patch: Partial<VatPeriodDraft>) =>
      setPeriods((periods) => periods.map((p, i) => (i === index ? { ...p, ...patch } : p))),
    removePeriod: (index: number) => setPeriods((periods) => periods.filter((_, i) => i !== index)),
    addPeriod: () =>
      setPeriods((periods) => [...periods, { order_type: 'take_away', rate: 12, valid_from: null, valid_to: null }]),
  };
}

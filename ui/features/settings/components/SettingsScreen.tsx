// /admin/settings ('Pizzakioskinställningar', SPEC 2, 5, 8): booking settings, the seller's
// details (rule: seller-details), opening hours per weekday and the admin e-mail, checked with the domain's settingsSchema; save (then the page
// reloads), reset to the defaults, and sync the weekday hours to the calendar. The first
// settings come in the page's HTML (+data).
import { useState, type FormEvent } from 'react';
import { Field, fieldControl } from '../../../components/Field.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useReloadable } from '../../../components/useReloadable.js';
import type { FieldErrors } from '../../../lib/formErrors.js';
import type { Weekday } from '../../../../domain/shared/time.js';
import {
  getSettings,
  resetSettings,
  saveSettings,
  sendTestMail,
  syncSettingsToCalendar,
  type NumberKey,
  type Settings,
} from '../api/settings.js';
import { settingsTexts } from '../texts.js';
import { BookingSettingsSection } from './BookingSettingsSection.js';
import { OpeningHoursSection } from './OpeningHoursSection.js';
import { SellerSection } from './SellerSection.js';
import { OrderTermsSection } from './OrderTermsSection.js';
import { KioskSection } from './KioskSection.js';
import { checkSettings, controlIdOf, formOf, type SettingsForm } from './settingsForm.js';
import '../settings.css';

/** settings: as the server read them for the first HTML; null when that failed. */
export function SettingsScreen({ settings }: { settings: Settings | null }) {
  const hydrated = useHydrated();
  const [form, setForm] = useState<SettingsForm | null>(() => (settings ? formOf(settings) : null));
  const [saved, setSaved] = useState(() => (settings ? JSON.stringify(formOf(settings)) : ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run } = useAction();

  function show(next: Settings) {
    const shown = formOf(next);
    setForm(shown);
    setSaved(JSON.stringify(shown));
    setErrors({});
  }
  const { reload } = useReloadable(settings, getSettings, settingsTexts.loadFailed);

  function save(event: FormEvent) {
    event.preventDefault();
    if (!form || busy) return;
    const checked = checkSettings(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(controlIdOf(Object.keys(checked.errors)[0]))?.focus();
      return;
    }
    setErrors({});
    void run('save', () => saveSettings(checked.body), {
      success: settingsTexts.saved,
      failure: settingsTexts.saveFailed,
      // SPEC 8: saved, then the page reloads (every screen reads the new settings); busy until then.
      reload: () => new Promise(() => setTimeout(() => window.location.reload(), 800)),
    });
  }

  function reset() {
    if (busy || !window.confirm(settingsTexts.confirmReset)) return;
    void run('reset', resetSettings, {
      success: settingsTexts.reset,
      failure: settingsTexts.resetFailed,
      reload: (answer) => show(answer.settings),
    });
  }

  function sync() {
    if (busy || !window.confirm(settingsTexts.confirmSync)) return;
    void run('sync', syncSettingsToCalendar, { success: settingsTexts.synced, failure: settingsTexts.syncFailed });
  }

  // rule go-live: a test mail to the saved admin e-mail, through the outbox like every mail.
  function testMail() {
    if (busy) return;
    void run('test-mail', sendTestMail, {
      success: (a) => settingsTexts.testMailSent(a.to),
      failure: settingsTexts.testMailFailed,
    });
  }

  const disabled = !hydrated || busy !== null;
  const dirty = form !== null && JSON.stringify(form) !== saved;
  const failed = Object.keys(errors).length > 0;
  const change = (patch: (f: SettingsForm) => Partial<SettingsForm>) => setForm((f) => f && { ...f, ...patch(f) });
  const setNumber = (key: NumberKey, value: string) => change((f) => ({ numbers: { ...f.numbers, [key]: value } }));
  const setOpen = (day: Weekday, open: boolean) => change((f) => ({ open_days: { ...f.open_days, [day]: open } }));
  const setHours = (day: Weekday, part: 'start' | 'end', value: string) =>
    change((f) => ({ opening_hours: { ...f.opening_hours, [day]: { ...f.opening_hours[day], [part]: value } } }));

  return (
    <>
      <p className="back-link">
        <a href="/admin">{settingsTexts.backToOverview}</a>
      </p>
      <div className="admin-title">
        <h1>{settingsTexts.title}</h1>
        <button type="button" className="btn btn--secondary" disabled={!form || disabled} onClick={reset}>
          {busy === 'reset' ? settingsTexts.resetting : settingsTexts.resetButton}
        </button>
      </div>
      {!form ? (
        <LoadFailed
          text={settingsTexts.loadFailed}
          disabled={!hydrated}
          onRetry={() =>
            void reload().then((next) => {
              if (next) show(next);
            })
          }
        />
      ) : (
        <form className="settings-form" noValidate onSubmit={save}>
          <KioskSection
            name={form.kiosk_name}
            tagline={form.kiosk_tagline}
            errors={errors}
            disabled={!hydrated}
            onName={(kiosk_name) => change(() => ({ kiosk_name }))}
            onTagline={(kiosk_tagline) => change(() => ({ kiosk_tagline }))}
          />
          <BookingSettingsSection numbers={form.numbers} errors={errors} disabled={!hydrated} onChange={setNumber} />
          <SellerSection
            seller={form.seller}
            savedSeller={(JSON.parse(saved) as SettingsForm).seller}
            financialYearStartMonth={form.financial_year_start_month}
            errors={errors}
            disabled={!hydrated}
            onChange={(key, value) => change((f) => ({ seller: { ...f.seller, [key]: value } }))}
            onMonth={(month) => change(() => ({ financial_year_start_month: month }))}
          />
          <OpeningHoursSection form={form} errors={errors} disabled={!hydrated} onOpen={setOpen} onHours={setHours} />
          <OrderTermsSection
            methods={form.payment_methods}
            note={form.cross_contact_note}
            errors={errors}
            disabled={!hydrated}
            onMethods={(payment_methods) => change(() => ({ payment_methods }))}
            onNote={(cross_contact_note) => change(() => ({ cross_contact_note }))}
          />
          <section className="card" aria-labelledby="system-title">
            <h2 id="system-title">{settingsTexts.system}</h2>
            <Field
              id="setting-admin_email"
              label={settingsTexts.adminEmail}
              error={errors.admin_email}
              hint={settingsTexts.adminEmailHint}
            >
              <input
                {...fieldControl('setting-admin_email', errors.admin_email, settingsTexts.adminEmailHint)}
                type="email"
                autoComplete="email"
                required
                disabled={!hydrated}
                value={form.admin_email}
                onChange={(e) => change(() => ({ admin_email: e.target.value }))}
              />
            </Field>
            <div className="settings-test-mail" id="test-mail">
              <button
                type="button"
                className="btn btn--secondary"
                disabled={disabled}
                onClick={testMail}
                aria-describedby="test-mail-hint"
              >
                {busy === 'test-mail' ? settingsTexts.testMailSending : settingsTexts.testMail}
              </button>
              <p id="test-mail-hint" className="hint">
                {settingsTexts.testMailHint}
              </p>
            </div>
          </section>
          <div className="settings-actions">
            {failed && (
              <p className="field__error settings-actions__error" role="alert">
                {settingsTexts.fixMarked}
              </p>
            )}
            {dirty && !failed && <p className="hint settings-actions__hint">{settingsTexts.unsaved}</p>}
            {/* Not blocked by unsaved changes (SPEC 8 names no such rule): the sync works from the
                saved opening hours, which the hint above says when the form differs. */}
            <button type="button" className="btn btn--secondary" disabled={disabled} onClick={sync}>
              {busy === 'sync' ? settingsTexts.syncing : settingsTexts.sync}
            </button>
            <button type="submit" className="btn btn--primary" disabled={disabled}>
              {busy === 'save' ? settingsTexts.saving : settingsTexts.save}
            </button>
          </div>
        </form>
      )}
    </>
  );
}

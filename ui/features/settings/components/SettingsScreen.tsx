// /admin/settings ('Pizzakioskinställningar', SPEC 2, 5, 8): booking settings, the seller's
// details (rule: seller-details), opening hours per weekday and the admin e-mail, checked with the
// domain's settingsSchema; save (then the page reloads), reset to the defaults, and sync the
// weekday hours to the calendar (hooks/useSettingsForm). The first settings come in the page's
// HTML (+data).
import { LoadFailed } from '../../../components/LoadFailed.js';
import type { Settings } from '../api/settings.js';
import { useSettingsForm } from '../hooks/useSettingsForm.js';
import { settingsTexts } from '../texts.js';
import { BookingSettingsSection } from './BookingSettingsSection.js';
import { OpeningHoursSection } from './OpeningHoursSection.js';
import { SellerSection } from './SellerSection.js';
import { OrderTermsSection } from './OrderTermsSection.js';
import { KioskSection } from './KioskSection.js';
import { SettingsActions } from './SettingsActions.js';
import { SystemSection } from './SystemSection.js';
import '../settings.css';

/** settings: as the server read them for the first HTML; null when that failed. */
export function SettingsScreen({ settings }: { settings: Settings | null }) {
  const s = useSettingsForm(settings);
  const { form, errors, busy, hydrated, disabled, change } = s;

  return (
    <>
      <p className="back-link">
        <a href="/admin">{settingsTexts.backToOverview}</a>
      </p>
      <div className="admin-title">
        <h1>{settingsTexts.title}</h1>
        <button type="button" className="btn btn--secondary" disabled={!form || disabled} onClick={s.reset}>
          {busy === 'reset' ? settingsTexts.resetting : settingsTexts.resetButton}
        </button>
      </div>
      {!form ? (
        <LoadFailed text={settingsTexts.loadFailed} disabled={!hydrated} onRetry={s.retry} />
      ) : (
        <form className="settings-form" noValidate onSubmit={s.save}>
          <KioskSection
            name={form.kiosk_name}
            tagline={form.kiosk_tagline}
            errors={errors}
            disabled={!hydrated}
            onName={(kiosk_name) => change(() => ({ kiosk_name }))}
            onTagline={(kiosk_tagline) => change(() => ({ kiosk_tagline }))}
          />
          <BookingSettingsSection numbers={form.numbers} errors={errors} disabled={!hydrated} onChange={s.setNumber} />
          <SellerSection
            seller={form.seller}
            savedSeller={s.savedSeller()}
            financialYearStartMonth={form.financial_year_start_month}
            errors={errors}
            disabled={!hydrated}
            onChange={(key, value) => change((f) => ({ seller: { ...f.seller, [key]: value } }))}
            onMonth={(month) => change(() => ({ financial_year_start_month: month }))}
          />
          <OpeningHoursSection
            form={form}
            errors={errors}
            disabled={!hydrated}
            onOpen={s.setOpen}
            onHours={s.setHours}
          />
          <OrderTermsSection
            methods={form.payment_methods}
            note={form.cross_contact_note}
            errors={errors}
            disabled={!hydrated}
            onMethods={(payment_methods) => change(() => ({ payment_methods }))}
            onNote={(cross_contact_note) => change(() => ({ cross_contact_note }))}
          />
          <SystemSection
            adminEmail={form.admin_email}
            error={errors.admin_email}
            disabled={!hydrated}
            testDisabled={disabled}
            sending={busy === 'test-mail'}
            onAdminEmail={(admin_email) => change(() => ({ admin_email }))}
            onTestMail={s.testMail}
          />
          <SettingsActions failed={s.failed} dirty={s.dirty} disabled={disabled} busy={busy} onSync={s.sync} />
        </form>
      )}
    </>
  );
}

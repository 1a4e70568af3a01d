// The settings form's state: the form as last shown and as last saved (so unsaved changes show),
// the server's or the schema's refusals by field, and the screen's actions: save (then the page
// reloads), reset to the defaults, sync the weekday hours to the calendar, and a test mail.
import { useState, type FormEvent } from 'react';
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
import { checkSettings, controlIdOf, formOf, type SettingsForm } from '../components/settingsForm.js';

/** settings: as the server read them for the first HTML; null when that failed. */
export function useSettingsForm(settings: Settings | null) {
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
  const retry = () =>
    void reload().then((next) => {
      if (next) show(next);
    });

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

  const change = (patch: (f: SettingsForm) => Partial<SettingsForm>) => setForm((f) => f && { ...f, ...patch(f) });
  return {
    form,
    errors,
    busy,
    hydrated,
    disabled: !hydrated || busy !== null,
    dirty: form !== null && JSON.stringify(form) !== saved,
    failed: Object.keys(errors).length > 0,
    /** The seller's details as last saved (the form tells what a change to them means). */
    savedSeller: () => (JSON.parse(saved) as SettingsForm).seller,
    retry,
    save,
    reset,
    sync,
    testMail,
    change,
    setNumber: (key: NumberKey, value: string) => change((f) => ({ numbers: { ...f.numbers, [key]: value } })),
    setOpen: (day: Weekday, open: boolean) => change((f) => ({ open_days: { ...f.open_days, [day]: open } })),
    setHours: (day: Weekday, part: 'start' | 'end', value: string) =>
      change((f) => ({ opening_hours: { ...f.opening_hours, [day]: { ...f.opening_hours[day], [part]: value } } })),
  };
}

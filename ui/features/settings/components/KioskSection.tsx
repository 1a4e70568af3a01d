// The kiosk's own name, tagline and logo (rule: kiosk-identity). The name and tagline are saved with
// the form; the logo is uploaded at once (PNG or SVG, at most 256 kB, checked by the server by its
// content, which answers anything else with a Swedish message shown here).
import { useState } from 'react';
import { Field, fieldControl } from '../../../components/Field.js';
import { useAction } from '../../../components/useAction.js';
import type { FieldErrors } from '../../../lib/formErrors.js';
import { useKiosk } from '../../../lib/kiosk.js';
import { removeLogo, uploadLogo } from '../api/settings.js';
import { settingsTexts } from '../texts.js';
import { kioskNameSchema, kioskTaglineSchema } from '../../../../domain/settings/kiosk.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';

const t = settingsTexts.kiosk;

/** The file's bytes as base64 (what PUT /admin/settings/logo takes). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve((reader.result as string).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export interface KioskSectionProps {
  name: string;
  tagline: string;
  errors: FieldErrors;
  disabled: boolean;
  onName: (name: string) => void;
  onTagline: (tagline: string) => void;
}

export function KioskSection({ name, tagline, errors, disabled, onName, onTagline }: KioskSectionProps) {
  const [logoUrl, setLogoUrl] = useState(useKiosk().logo_url);
  const [file, setFile] = useState<File | null>(null);
  // A new input after an upload: the uploaded file's name does not stay in it.
  const [inputKey, setInputKey] = useState(0);
  const [logoError, setLogoError] = useState<string | null>(null);
  const { busy, run } = useAction();

  function upload() {
    if (!file || busy) return;
    setLogoError(null);
    void run('upload', async () => uploadLogo(await base64Of(file)), {
      success: t.uploaded,
      failure: t.uploadFailed,
      onError: (text) => setLogoError(text),
      reload: (answer) => {
        setLogoUrl(answer.logo_url);
        setFile(null);
        setInputKey((k) => k + 1);
      },
    });
  }

  function remove() {
    if (busy || !window.confirm(t.confirmRemove)) return;
    void run('remove', removeLogo, { success: t.removed, failure: t.removeFailed, reload: () => setLogoUrl(null) });
  }

  return (
    <section className="card" aria-labelledby="kiosk-title">
      <h2 id="kiosk-title">{t.title}</h2>
      <p className="hint">{t.intro}</p>
      <Field id="setting-kiosk_name" label={t.name} error={errors.kiosk_name}>
        <input
          {...fieldControl('setting-kiosk_name', errors.kiosk_name)}
          type="text"
          maxLength={maxLengthOf(kioskNameSchema)}
          required
          disabled={disabled}
          value={name}
          onChange={(e) => onName(e.target.value)}
        />
      </Field>
      <Field id="setting-kiosk_tagline" label={t.tagline} error={errors.kiosk_tagline} hint={t.taglineHint}>
        <input
          {...fieldControl('setting-kiosk_tagline', errors.kiosk_tagline, t.taglineHint)}
          type="text"
          maxLength={maxLengthOf(kioskTaglineSchema)}
          disabled={disabled}
          value={tagline}
          onChange={(e) => onTagline(e.target.value)}
        />
      </Field>
      <div className="kiosk-logo">
        {logoUrl ? (
          <figure className="kiosk-logo__current">
            <img src={logoUrl} alt={t.logoCurrent} height="64" />
            <figcaption>{t.logoCurrent}</figcaption>
          </figure>
        ) : (
          <p className="hint">{t.logoNone}</p>
        )}
        <Field id="setting-logo" label={t.logo} error={logoError ?? undefined} hint={t.logoHint}>
          <input
            key={inputKey}
            {...fieldControl('setting-logo', logoError ?? undefined, t.logoHint)}
            type="file"
            accept="image/png,image/svg+xml"
            disabled={disabled}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setLogoError(null);
            }}
          />
        </Field>
        <div className="kiosk-logo__actions">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={disabled || !file || busy !== null}
            onClick={upload}
          >
            {busy === 'upload' ? t.uploading : t.upload}
          </button>
          {logoUrl && (
            <button type="button" className="btn btn--ghost" disabled={disabled || busy !== null} onClick={remove}>
              {t.remove}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

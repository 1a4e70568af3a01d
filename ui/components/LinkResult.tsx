// A generated link (a VIP link) shown read-only with a copy button and its expiry, used by the
// calendar and the VIP screens. Copying falls back to the old way where the Clipboard API is
// missing or refused.
import { useId, useState } from 'react';
import { toast } from '../lib/toast.js';
import dayjs from '../lib/dayjs.js';
import { Field, fieldControl } from './Field.js';
import { commonTexts } from './commonTexts.js';
import { INSTANT_FORMAT } from './Instant.js';

/** Copies text; true when it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused: try the old way
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

export const formatExpiry = (iso: string) => dayjs(iso).format(INSTANT_FORMAT);

export function LinkResult({ url, expiresAt }: { url: string; expiresAt: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (await copyText(url)) {
      setCopied(true);
      toast.success(commonTexts.copied);
    } else toast.error(commonTexts.copyFailed);
  }
  return (
    <div className="link-result">
      <Field id={id} label={commonTexts.vipLink}>
        <input
          {...fieldControl(id)}
          className="field__control link-result__url"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
      </Field>
      <p className="hint">{commonTexts.validUntil(formatExpiry(expiresAt))}</p>
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={() => void copy()}>
          {copied ? commonTexts.copiedMark : commonTexts.copy}
        </button>
      </div>
    </div>
  );
}

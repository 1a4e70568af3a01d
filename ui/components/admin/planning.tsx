// Small pieces the calendar and VIP screens share: a native modal dialog, a link shown with a copy
// button and its expiry, and copying to the clipboard (with a fallback where the Clipboard API is
// missing or refused).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import dayjs from 'dayjs';
import '../../lib/format.js'; // the Swedish dayjs locale

export function Modal({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className={`modal planning-modal${wide ? ' modal--wide' : ''}`} aria-labelledby={titleId} onClose={onClose}>
      <div className="modal__body">
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </dialog>
  );
}

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

export const formatExpiry = (iso: string) => dayjs(iso).format('D MMMM YYYY [kl] HH:mm');

/** A generated link: read-only field, copy button, expiry. */
export function LinkResult({ url, expiresAt, copiedText, copyFailedText }: { url: string; expiresAt: string; copiedText: string; copyFailedText: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="link-result">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          VIP-länk
        </label>
        <input id={id} className="field__control link-result__url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <p className="hint">Giltig till {formatExpiry(expiresAt)}</p>
      <div className="actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={async () => {
            if (await copyText(url)) {
              setCopied(true);
              toast.success(copiedText);
            } else toast.error(copyFailedText);
          }}
        >
          {copied ? 'Kopierad ✓' : 'Kopiera länk'}
        </button>
      </div>
    </div>
  );
}

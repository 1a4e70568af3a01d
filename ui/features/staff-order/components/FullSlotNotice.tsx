// "Tiden är full": a full slot is taken only after the explicit "Ta beställningen ändå" (rule:
// staff-orders); the confirmation takes the focus as it shows, so Enter takes the order.
import { useEffect, useRef } from 'react';
import { staffOrderTexts as texts } from '../texts.js';

export function FullSlotNotice({
  message,
  busy,
  onConfirm,
  onBack,
}: {
  /** The server's refusal of the full slot. */
  message: string;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const overrideButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    overrideButton.current?.focus();
  }, [message]);
  return (
    <div className="notice staff-order__full" role="alert">
      <p>
        <strong>{texts.overrideTitle}.</strong> {message}
      </p>
      <div className="actions">
        <button ref={overrideButton} type="button" className="btn btn--primary" disabled={busy} onClick={onConfirm}>
          {texts.overrideConfirm}
        </button>
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={onBack}>
          {texts.overrideBack}
        </button>
      </div>
    </div>
  );
}

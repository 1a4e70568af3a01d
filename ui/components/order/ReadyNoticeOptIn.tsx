// On the confirmation of an online booking: "Meddela mig när pizzan är klar" turns on a web push
// for when the kitchen marks the order Klar (rule: ready-notice). The outcome is announced
// (role=status); the button goes once notices are on.
import { useState } from 'react';
import { askForReadyNotice, type ReadyNoticeResult } from './readyNotice.js';
import { confirmationTexts } from './confirmationTexts.js';

const outcome: Record<ReadyNoticeResult, string> = {
  on: confirmationTexts.notifyOn,
  denied: confirmationTexts.notifyDenied,
  failed: confirmationTexts.notifyFailed,
};

export function ReadyNoticeOptIn(props: { bookingId: string; email: string }) {
  const [state, setState] = useState<'idle' | 'working' | ReadyNoticeResult>('idle');
  const ask = async () => {
    setState('working');
    setState(await askForReadyNotice(props.bookingId, props.email));
  };
  return (
    <div className="ready-notice">
      {state !== 'on' && (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void ask()}
          disabled={state === 'working'}
          aria-busy={state === 'working'}
        >
          {state === 'working' ? confirmationTexts.notifyWorking : confirmationTexts.notifyWhenReady}
        </button>
      )}
      <p
        role="status"
        className={
          state === 'on'
            ? 'notice notice--success'
            : state === 'idle' || state === 'working'
              ? 'visually-hidden'
              : 'notice'
        }
      >
        {state === 'idle' || state === 'working' ? '' : outcome[state]}
      </p>
    </div>
  );
}

// Pausa webbokningar (rule: web-pause): today's web bookings for 15, 30 or 60 minutes or the rest
// of the day, with the reason customers read on the booking page; opened again with one press.
import { useState } from 'react';
import { PAUSE_MINUTES } from '../../../../domain/kioskDay/counter.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { pauseWebBookings, resumeWebBookings } from '../api/counter.js';
import { counterScreenTexts as texts } from '../texts.js';
import type { CounterCardProps } from './CounterButton.js';
import { pauseInputSchema } from '../../../../domain/kioskDay/counterPayloads.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';

export function PauseCard(
  props: CounterCardProps & {
    isToday: boolean;
  },
) {
  const { status, isToday, enabled, action, reload } = props;
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const pause = (minutes: (typeof PAUSE_MINUTES)[number] | null) =>
    void action.run('pause', () => pauseWebBookings({ minutes, reason }), {
      success: texts.pausedOk,
      failure: texts.pauseFailed,
      onError: setError,
      reload: () => {
        setError('');
        return reload();
      },
    });
  return (
    <section className="card counter-card" aria-labelledby="counter-pause">
      <h2 id="counter-pause">{texts.pauseTitle}</h2>
      {!isToday ? (
        <p className="hint">{texts.pauseTodayOnly}</p>
      ) : status.paused ? (
        <>
          <p className="notice counter-paused">
            <span className="badge badge--pending">{texts.paused}</span> {status.paused.message}
          </p>
          <button
            type="button"
            className="btn btn--primary counter-btn"
            disabled={!enabled || action.busy !== null}
            onClick={() =>
              void action.run('resume', resumeWebBookings, {
                success: texts.resumedOk,
                failure: texts.pauseFailed,
                reload,
              })
            }
          >
            {texts.resume}
          </button>
        </>
      ) : (
        <>
          <Field id="pause-reason" label={texts.pauseReason} hint={texts.pauseReasonHint} error={error}>
            <input
              {...fieldControl('pause-reason', error, texts.pauseReasonHint)}
              value={reason}
              maxLength={maxLengthOf(pauseInputSchema.shape.reason)}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div className="counter-choices" role="group" aria-label={texts.pauseFor}>
            {PAUSE_MINUTES.map((m) => (
              <button
                key={m}
                type="button"
                className="btn btn--secondary counter-btn"
                disabled={!enabled || action.busy !== null}
                onClick={() => pause(m)}
              >
                {texts.pauseMinutes(m)}
              </button>
            ))}
            <button
              type="button"
              className="btn btn--secondary counter-btn"
              disabled={!enabled || action.busy !== null}
              onClick={() => pause(null)}
            >
              {texts.pauseRestOfDay}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

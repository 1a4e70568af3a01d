// rule go-live: on a new kiosk at its public address, the dashboard's checklist before web orders
// open, each step done or not with a link to where it is done. Shown while it applies.
import type { GoLiveAnswer } from '../../../../domain/answers/kiosk.js';
import { goLiveTexts as t } from '../goLiveTexts.js';
import '../goLive.css';

export function GoLiveChecklist({ goLive }: { goLive: GoLiveAnswer | null | undefined }) {
  if (!goLive?.applies) return null;
  const done = goLive.steps.filter((s) => s.done).length;
  return (
    <section className="card go-live" aria-labelledby="go-live-title">
      <h2 id="go-live-title">{t.title}</h2>
      <p>{t.intro}</p>
      <p className="go-live__progress">{t.progress(done, goLive.steps.length)}</p>
      <ol className="go-live__steps">
        {goLive.steps.map(({ step, done }) => (
          <li key={step} className={`go-live__step go-live__step--${done ? 'done' : 'todo'}`} data-step={step}>
            <span className="go-live__mark" aria-hidden="true">
              {done ? '✓' : '○'}
            </span>
            <span className="go-live__text">
              <span className="go-live__label">{t.steps[step].label}</span>{' '}
              <span className="go-live__state">({done ? t.done : t.todo})</span>
              <a className="go-live__link" href={t.steps[step].href}>
                {t.steps[step].link}
              </a>
              {step === 'test_mail' && goLive.test_mail && !done && (
                <span className="go-live__note">
                  {goLive.test_mail.relay ? t.testMailState(goLive.test_mail.state) : t.testMailNoRelay}
                </span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

// Today's web-booking pause (rule: web-pause), with the reason staff gave, above the steps: the
// customer reads why before choosing, not after a refused submit.
import type { DayStatus } from '../../../../domain/answers/counter.js';
import { counterTexts } from '../counterTexts.js';

export function WebPauseBanner({ today }: { today: DayStatus | null }) {
  const paused = today?.paused;
  return (
    <div role="status" aria-live="polite">
      {paused && (
        <div className="notice web-pause">
          <p className="web-pause__message">{paused.message}</p>
          <p className="web-pause__hint">{counterTexts.otherDays}</p>
        </div>
      )}
    </div>
  );
}

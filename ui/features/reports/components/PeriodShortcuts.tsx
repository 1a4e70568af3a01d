// Periods from today as buttons (the last 7 days, the next 14, ...): one click fills both dates;
// the chosen one is shown pressed.
import dayjs from '../../../lib/dayjs.js';
import { reportTexts } from '../texts.js';

const DAY = 'YYYY-MM-DD';
const fromToday = (days: number) => dayjs().add(days, 'day').format(DAY);

export function PeriodShortcuts({
  start,
  end,
  disabled,
  onPick,
}: {
  start: string;
  end: string;
  disabled: boolean;
  onPick: (start: string, end: string) => void;
}) {
  return (
    <fieldset className="quick-picks">
      <legend className="field__label">{reportTexts.shortcuts}</legend>
      <div className="quick-picks__buttons">
        {reportTexts.periods.map((period) => {
          const chosen = start === fromToday(period.from) && end === fromToday(period.to);
          return (
            <button
              key={period.label}
              type="button"
              className={`btn btn--small ${chosen ? 'btn--primary' : 'btn--secondary'}`}
              aria-pressed={chosen}
              disabled={disabled}
              onClick={() => onPick(fromToday(period.from), fromToday(period.to))}
            >
              {period.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

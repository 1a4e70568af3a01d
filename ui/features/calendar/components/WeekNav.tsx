// Previous and next week, the week's number and dates, and a way back to this week.
import dayjs from '../../../lib/dayjs.js';
import { ISO, mondayOf } from '../api/calendar.js';
import { calendarTexts } from '../texts.js';

/** ISO 8601 week number (Monday weeks; week 1 holds the first Thursday). */
function isoWeek(date: dayjs.Dayjs): number {
  const thursday = mondayOf(date).add(3, 'day');
  const firstThursday = mondayOf(thursday.startOf('year').add(3, 'day')).add(3, 'day');
  return Math.round(thursday.diff(firstThursday, 'day') / 7) + 1;
}

export function WeekNav({
  start,
  thisMonday,
  enabled,
  onGo,
}: {
  start: string;
  thisMonday: string;
  enabled: boolean;
  onGo: (weeks: number) => void;
}) {
  const monday = dayjs(start);
  return (
    <nav className="week-nav card" aria-label={calendarTexts.chooseWeek}>
      <button
        type="button"
        className="btn btn--secondary week-nav__prev"
        onClick={() => onGo(-1)}
        disabled={!enabled}
        aria-label={calendarTexts.previousWeek}
      >
        <span aria-hidden="true">←</span> {calendarTexts.previous}
        <span className="week-nav__word">{calendarTexts.weekWord}</span>
      </button>
      <div className="week-nav__range">
        <p aria-live="polite">
          <strong>{calendarTexts.week(isoWeek(monday))}</strong>{' '}
          <span>
            {monday.format('D MMM')} – {monday.add(6, 'day').format('D MMM YYYY')}
          </span>
        </p>
        {start !== thisMonday && (
          <button type="button" className="btn btn--ghost btn--small" disabled={!enabled} onClick={() => onGo(0)}>
            {calendarTexts.thisWeek}
          </button>
        )}
      </div>
      <button
        type="button"
        className="btn btn--secondary week-nav__next"
        onClick={() => onGo(1)}
        disabled={!enabled}
        aria-label={calendarTexts.nextWeek}
      >
        {calendarTexts.next}
        <span className="week-nav__word">{calendarTexts.weekWord}</span> <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}

export function Legend() {
  const marks = [
    ['open', calendarTexts.open],
    ['closed', calendarTexts.closed],
    ['vip', calendarTexts.vipDay],
    ['shut', calendarTexts.shutDay],
    ['today', calendarTexts.today],
  ] as const;
  return (
    <ul className="legend" aria-label={calendarTexts.legend}>
      {marks.map(([kind, text]) => (
        <li key={kind}>
          <span className={`legend__mark legend__mark--${kind}`} aria-hidden="true" /> {text}
        </li>
      ))}
    </ul>
  );
}

export { ISO };

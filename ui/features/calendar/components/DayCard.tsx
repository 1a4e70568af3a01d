// One day of the week (SPEC 2): open or closed, opening hours, VIP status with its description,
// a VIP link for the day, invitations and the booking count.
import dayjs from '../../../lib/dayjs.js';
import type { CalendarDay } from '../api/calendar.js';
import { calendarTexts } from '../texts.js';
import { SmallButton } from '../../../components/admin/RowActions.js';

interface Props {
  day: CalendarDay;
  today: boolean;
  past: boolean;
  busy: boolean;
  enabled: boolean;
  onToggle: () => void;
  onHours: () => void;
  onVip: () => void;
  onRemoveVip: () => void;
  onLink: () => void;
}

export const dayLabel = (date: string) => dayjs(date).format('dddd D MMMM');

export function DayCard({ day, today, past, busy, enabled, ...on }: Props) {
  const when = dayjs(day.date);
  const label = dayLabel(day.date);
  const classes = [
    'day',
    day.isOpen && !day.closure ? 'day--open' : 'day--closed',
    day.closure ? 'day--shut' : '',
    day.isVIP ? 'day--vip' : '',
    today ? 'day--today' : '',
    past ? 'day--past' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={classes}
      data-date={day.date}
      aria-current={today ? 'date' : undefined}
      aria-busy={busy || undefined}
    >
      <div className="day__head">
        <h2 className="day__name">
          <span className="day__weekday">{when.format('dddd')}</span>
          <span className="day__date">{when.format('D MMMM')}</span>
        </h2>
        {today && <span className="badge day__today">{calendarTexts.today}</span>}
      </div>

      <button
        type="button"
        role="switch"
        aria-checked={day.isOpen}
        aria-label={calendarTexts.openLabel(label)}
        className={`day-switch${day.isOpen ? ' day-switch--on' : ''}`}
        disabled={!enabled}
        onClick={on.onToggle}
      >
        <span className="day-switch__track" aria-hidden="true">
          <span className="day-switch__thumb" />
        </span>
        <span className="day-switch__text">{day.isOpen ? calendarTexts.open : calendarTexts.closed}</span>
      </button>

      {day.closure && (
        // A closure (rule: closures) outranks the day's hours: no booking, no VIP marking.
        <p className="day__closure">
          <a href="/admin/calendar/closures">
            <strong>{calendarTexts.closedFor}</strong> {day.closure.reason}
          </a>
        </p>
      )}
      {day.isOpen && (
        <p className="day__hours">
          <span className="visually-hidden">{calendarTexts.hoursHidden}</span>
          {day.openTime}–{day.closeTime}
        </p>
      )}
      <SmallButton disabled={!enabled} onClick={on.onHours} label={calendarTexts.hoursLabel(label)}>
        {calendarTexts.hours}
      </SmallButton>

      {day.isVIP ? (
        <>
          <button
            type="button"
            className="badge vip-badge"
            disabled={!enabled}
            onClick={on.onRemoveVip}
            aria-label={calendarTexts.removeVipLabel(label)}
            title={calendarTexts.removeVipTitle}
          >
            <span aria-hidden="true">★</span> {calendarTexts.vip} <span aria-hidden="true">✕</span>
          </button>
          {day.vipDescription && <p className="day__vip-text">{day.vipDescription}</p>}
          <SmallButton
            tone="primary"
            disabled={!enabled}
            onClick={on.onLink}
            label={calendarTexts.generateLinkLabel(label)}
          >
            {calendarTexts.generateLink}
          </SmallButton>
          <a
            className="btn btn--ghost btn--small"
            href={`/admin/vip?tab=invitations&date=${day.date}`}
            aria-label={calendarTexts.sendInvitationsLabel(label)}
          >
            {calendarTexts.sendInvitations}
          </a>
        </>
      ) : (
        day.isOpen &&
        !day.closure && (
          <SmallButton tone="ghost" disabled={!enabled} onClick={on.onVip} label={calendarTexts.markVipLabel(label)}>
            <span aria-hidden="true">★</span> {calendarTexts.markVip}
          </SmallButton>
        )
      )}

      <p className="day__bookings">
        <strong>{day.bookings}</strong> {calendarTexts.bookings(day.bookings)}
      </p>
    </li>
  );
}

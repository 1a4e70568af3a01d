// /admin/calendar (SPEC 2): one week from Monday with previous and next week. Per day: open or
// closed, opening hours, VIP status with its description, a VIP link for the day, invitations and
// the booking count. Today is highlighted; a legend explains the marks. The week of the address
// (?date=) comes in the first HTML (+data).
import { useState } from 'react';
import dayjs from '../../../lib/dayjs.js';
import { toast } from '../../../lib/toast.js';
import '../calendar.css';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useDeviceToday } from '../../../components/useDeviceToday.js';
import {
  ISO,
  createDayLink,
  markVip,
  mondayOf,
  readWeek,
  removeVip,
  setDay,
  type CalendarDay,
  type VipLink,
} from '../api/calendar.js';
import { calendarTexts } from '../texts.js';
import { DayCard } from './DayCard.js';
import { DayLinkDialog, HoursDialog, MarkVipDialog } from './DayDialogs.js';
import { Legend, WeekNav } from './WeekNav.js';

type OpenDialog =
  | { kind: 'hours'; day: CalendarDay }
  | { kind: 'vip'; day: CalendarDay }
  | { kind: 'link'; day: CalendarDay; link: VipLink };

export function CalendarScreen({
  start: initialStart,
  days: initialDays,
  today: serverToday,
}: {
  start: string;
  days: CalendarDay[] | null;
  today: string;
}) {
  const hydrated = useHydrated();
  // The server's date renders the first HTML; in the browser, the device's date (the kiosk's).
  const today = useDeviceToday(serverToday);
  const [start, setStart] = useState(initialStart);
  const [days, setDays] = useState(initialDays);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const { busy, run } = useAction();
  const thisMonday = mondayOf(dayjs(today)).format(ISO);

  const load = (monday: string) =>
    readWeek(monday).then(setDays, () => {
      setDays(null);
      toast.error(calendarTexts.loadFailed);
    });

  function go(weeks: number) {
    const next = weeks === 0 ? thisMonday : dayjs(start).add(weeks, 'week').format(ISO);
    setStart(next);
    window.history.replaceState(window.history.state, '', `/admin/calendar?date=${next}`);
    void load(next);
  }

  /** One change for a day: busy while it runs, a toast either way, then the week again. */
  const change = (
    day: CalendarDay,
    call: () => Promise<unknown>,
    success: string,
    failure: string,
    after?: () => void,
  ) =>
    void run(day.date, call, {
      success,
      failure,
      reload: async () => {
        after?.();
        await load(start);
      },
    });

  const toggle = (day: CalendarDay) =>
    change(
      day,
      () => setDay({ date: day.date, isOpen: !day.isOpen, openTime: day.openTime, closeTime: day.closeTime }),
      calendarTexts.dayOk,
      calendarTexts.dayFailed,
    );
  const unmarkVip = (day: CalendarDay) =>
    change(day, () => removeVip({ date: day.date }), calendarTexts.vipRemoved, calendarTexts.vipRemoveFailed);
  const generateLink = (day: CalendarDay) =>
    void run(day.date, () => createDayLink(day.date), {
      success: calendarTexts.linkOk,
      failure: calendarTexts.linkFailed,
      reload: (link) => setDialog({ kind: 'link', day, link }),
    });
  const close = () => setDialog(null);

  const enabled = hydrated && busy === null;
  return (
    <>
      <div className="admin-title">
        <h1>{calendarTexts.title}</h1>
        <a className="btn btn--secondary" href="/admin/calendar/closures">
          {calendarTexts.closures}
        </a>
      </div>
      <WeekNav start={start} thisMonday={thisMonday} enabled={hydrated} onGo={go} />
      <Legend />
      {days === null ? (
        <LoadFailed text={calendarTexts.loadFailed} disabled={!hydrated} onRetry={() => void load(start)} />
      ) : (
        <ol className="week" aria-label={calendarTexts.days}>
          {days.map((day) => (
            <DayCard
              key={day.date}
              day={day}
              today={day.date === today}
              past={day.date < today}
              busy={busy === day.date}
              enabled={enabled}
              onToggle={() => toggle(day)}
              onHours={() => setDialog({ kind: 'hours', day })}
              onVip={() => setDialog({ kind: 'vip', day })}
              onRemoveVip={() => unmarkVip(day)}
              onLink={() => generateLink(day)}
            />
          ))}
        </ol>
      )}
      {dialog?.kind === 'hours' && (
        <HoursDialog
          day={dialog.day}
          busy={busy !== null}
          onClose={close}
          onSave={(openTime, closeTime) =>
            change(
              dialog.day,
              () => setDay({ date: dialog.day.date, isOpen: dialog.day.isOpen, openTime, closeTime }),
              calendarTexts.hoursOk,
              calendarTexts.hoursFailed,
              close,
            )
          }
        />
      )}
      {dialog?.kind === 'vip' && (
        <MarkVipDialog
          day={dialog.day}
          busy={busy !== null}
          onClose={close}
          onSave={(description) =>
            change(
              dialog.day,
              () => markVip({ date: dialog.day.date, description }),
              calendarTexts.vipOk,
              calendarTexts.vipFailed,
              close,
            )
          }
        />
      )}
      {dialog?.kind === 'link' && <DayLinkDialog day={dialog.day} link={dialog.link} onClose={close} />}
    </>
  );
}

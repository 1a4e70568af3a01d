// The first HTML of /admin/calendar shows the week of the address's ?date= (or this week).
import type { PageContextServer } from 'vike/types';
import dayjs from '../../../lib/dayjs.js';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import { ISO, daysOf, weekPath, weekStart, type CalendarDay } from '../../../features/calendar/api/calendar.js';
import type { CalendarWeek } from '../../../../domain/answers/admin.js';

export type CalendarData = AdminData & { start: string; days: CalendarDay[] | null; today: string };

export async function data(pageContext: PageContextServer): Promise<CalendarData> {
  const start = weekStart(pageContext.urlParsed.search.date);
  const [user, days] = await Promise.all([
    currentUser(pageContext),
    pageContext.apiGet<CalendarWeek>(`/api${weekPath(start)}`).then(daysOf, () => null),
  ]);
  return { user, start, days, today: dayjs().format(ISO) };
}

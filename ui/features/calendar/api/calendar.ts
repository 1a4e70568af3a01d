// The calendar's calls (SPEC 7), each beside the schema the server checks it with.
import type { z } from 'zod';
import dayjs from '../../../lib/dayjs.js';
import { api } from '../../../lib/api.js';
import {
  type calendarDaySchema,
  type vipDateDeleteSchema,
  type vipDateSchema,
  type vipLinkForDateSchema,
} from '../../../../domain/payloads.js';
import { VIP_CALENDAR_LINK_HOURS } from '../../../../domain/vip/vipLinks.js';
import type { CalendarDay, CalendarWeek, VipLink } from '../../../../domain/answers/admin.js';

export type { CalendarDay, VipLink };

export const ISO = 'YYYY-MM-DD';

/** The Monday of the week holding `date`. */
export const mondayOf = (date: dayjs.Dayjs) => date.subtract((date.day() + 6) % 7, 'day');

/** The Monday of the week the address names (?date=), or of this week. */
export function weekStart(asked: string | undefined): string {
  const from = asked && dayjs(asked, ISO).isValid() ? dayjs(asked) : dayjs();
  return mondayOf(from).format(ISO);
}

/** GET /admin/calendar/week?start=&end=: the week's days in date order. */
export const weekPath = (monday: string) =>
  `/admin/calendar/week?start=${monday}&end=${dayjs(monday).add(6, 'day').format(ISO)}`;
export const daysOf = (week: CalendarWeek) => Object.values(week.schedule).sort((x, y) => x.date.localeCompare(y.date));
export const readWeek = async (monday: string) => daysOf(await api<CalendarWeek>(weekPath(monday)));

export const setDay = (body: z.input<typeof calendarDaySchema>) => api('/admin/calendar/day', { body });
export const markVip = (body: z.input<typeof vipDateSchema>) => api('/admin/vip-dates', { body });
export const removeVip = (body: z.input<typeof vipDateDeleteSchema>) =>
  api('/admin/vip-dates', { method: 'DELETE', body });
export const createDayLink = (date: string) =>
  api<VipLink>('/admin/vip-links/generate-for-date', {
    body: { vip_date_id: date, expires_hours: VIP_CALENDAR_LINK_HOURS } satisfies z.input<typeof vipLinkForDateSchema>,
  });

// The dashboard's calls (SPEC 7): the overview figures and the daily report PDF.
import { api } from '../../../lib/api.js';
import { downloadFile } from '../../../lib/download.js';
import { dailyReportQuerySchema } from '../../../../domain/payloads.js';
import type { StatsOverview } from '../../../../domain/answers/admin.js';

export type { StatsOverview };
export { dailyReportQuerySchema };

export const OVERVIEW_PATH = '/admin/stats/overview';

export const getOverview = () => api<StatsOverview>(OVERVIEW_PATH);

/** GET /admin/daily-report?date=, saved as palombo-rapport-{date}.pdf (SPEC 2). */
export const downloadDailyReport = (date: string) =>
  downloadFile(`/admin/daily-report?date=${date}`, `palombo-rapport-${date}.pdf`);

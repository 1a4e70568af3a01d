// The month's SMS count on the statistics screen (issue 29): how many notices went as SMS through
// 46elks in the kiosk's current calendar month (what 46elks bills), and what the operators reported.
// Its own call (GET /admin/stats/sms), made in the browser: the month does not follow the screen's
// period. Shown where SMS is configured, or when some went this month.
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { smsMonthSchema } from '../../../../domain/answers/index.js';
import { StatCard } from '../../../components/admin/StatCard.js';
import { api } from '../../../lib/api.js';
import { statsTexts } from '../texts.js';
import '../sms.css';

type SmsMonth = z.infer<typeof smsMonthSchema>;

export function SmsMonthCard() {
  const [month, setMonth] = useState<SmsMonth | null>(null);
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let current = true;
    Promise.all([api<SmsMonth>('/admin/stats/sms'), api<{ sms_enabled?: boolean }>('/settings')]).then(
      ([figures, settings]) => {
        if (!current) return;
        setMonth(figures);
        setEnabled(settings.sms_enabled === true);
      },
      (error: unknown) => console.warn(statsTexts.loadFailedLog, error),
    );
    return () => {
      current = false;
    };
  }, []);
  if (!month || (!enabled && month.sent === 0)) return null;
  const t = statsTexts.sms;
  return (
    <div className="stats-sms" data-sms-month={month.month}>
      <StatCard label={t.label(month.month)} value={month.sent} />
      <p className="hint stats-sms__note">{t.note(month.delivered, month.failed)}</p>
    </div>
  );
}

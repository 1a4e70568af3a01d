// A relay's answers decide what the mail reactor does with a message: a permanent refusal (5xx)
// is logged and given up, so the mails after it still go; a passing failure (4xx, no connection)
// is tried again until it goes through, once.
import { describe, expect, it } from 'vitest';
import { mailReactor } from '../../api/mail/reactor.js';
import type { Mailer } from '../../api/mail/mailer.js';
import { MONDAY_MORNING, bookingPayload, startTestServer } from '../api/harness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const smtpError = (responseCode: number) => Object.assign(new Error(`${responseCode} relay says no`), { responseCode });

describe('the mail reactor and a relay that refuses', () => {
  it('gives up a mail refused for good and sends the next; retries one refused for now until it goes, once', async () => {
    const t = await startTestServer({ now: () => MONDAY_MORNING, config: { runReactors: false } });
    try {
      const attempts: string[] = [];
      const sent: string[] = [];
      let busyOnce = true;
      const mailer: Mailer = {
        async send(m) {
          attempts.push(m.to);
          if (m.to === 'finns-inte@example.se') throw smtpError(550);
          if (m.to === 'upptagen@example.se' && busyOnce) {
            busyOnce = false;
            throw smtpError(451);
          }
          sent.push(`${m.to}: ${m.subject}`);
        },
        forget: async () => {},
        close: async () => {},
      };
      const reactor = await mailReactor({
        events: t.server.events,
        docs: t.server.docs,
        mailer,
        publicUrl: 'http://kiosk.test',
        timeZone: 'Europe/Stockholm',
        waitForReadModels: async () => true,
        owner: 'test',
      });
      await reactor.start();
      for (const [email, time] of [
        ['finns-inte@example.se', '12:00'],
        ['upptagen@example.se', '12:30'],
        ['ja@example.se', '13:00'],
      ] as const) {
        expect((await t.post('/api/bookings', bookingPayload({ email, time }))).status).toBe(201);
      }
      reactor.wake();
      for (let i = 0; i < 200 && !sent.some((s) => s.startsWith('ja@example.se')); i++) await sleep(25);
      await sleep(600);
      await reactor.stop();
      expect(attempts.filter((a) => a === 'finns-inte@example.se')).toHaveLength(1);
      expect(attempts.filter((a) => a === 'upptagen@example.se')).toHaveLength(2);
      expect(sent.filter((s) => s.startsWith('upptagen@example.se'))).toHaveLength(1);
      expect(sent.filter((s) => s.startsWith('ja@example.se'))).toHaveLength(1);
      // The kiosk hears of all three.
      expect(sent.filter((s) => s.includes('Ny bokning att bekräfta'))).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});

// New web bookings wait while the mail is far behind (issue 48), but never for a refusing relay,
// never longer than their bound, and a failed count holds nobody back.
import { describe, expect, it } from 'vitest';
import { MailBackPressure, type MailBacklog } from '../../api/outbox/mailBackPressure.js';

/** An outbox whose backlog the test sets, counting how often it is asked. */
function backlog(due: number, relayOk = true) {
  const state = { due, relayOk, asked: 0, fail: false };
  const source: MailBacklog = {
    async due() {
      state.asked += 1;
      if (state.fail) throw new Error('store unreachable');
      return { due: state.due, relayOk: state.relayOk };
    },
  };
  return { state, source };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mail back-pressure on new bookings', () => {
  it('lets a booking through at once while the backlog is under the limit', async () => {
    const { source } = backlog(1_999);
    const gate = new MailBackPressure(source, { limit: 2_000, maxWaitMs: 60_000 });
    await gate.admit();
  });

  it('holds a booking while the backlog is over the limit, until the senders bring it under', async () => {
    const { state, source } = backlog(2_500);
    const gate = new MailBackPressure(source, { limit: 2_000, maxWaitMs: 60_000, recountMs: 0 });
    let admitted = false;
    const waiting = gate.admit().then(() => (admitted = true));
    await tick(50);
    expect(admitted).toBe(false);
    state.due = 1_500;
    await waiting;
    expect(admitted).toBe(true);
  });

  it('never holds bookings for a relay that refuses mail, nor when the count fails', async () => {
    const refusing = backlog(50_000, false);
    await new MailBackPressure(refusing.source, { limit: 2_000, maxWaitMs: 60_000 }).admit();

    const broken = backlog(50_000);
    broken.state.fail = true;
    await new MailBackPressure(broken.source, { limit: 2_000, maxWaitMs: 60_000 }).admit();
  });

  it('lets a booking go after its longest wait even if the mail is still behind', async () => {
    const { state, source } = backlog(50_000);
    await new MailBackPressure(source, { limit: 2_000, maxWaitMs: 30, recountMs: 0 }).admit();
    expect(state.due).toBe(50_000);
    expect(state.asked).toBeGreaterThan(1);
  });

  it('follows what this process writes and sends between counts', async () => {
    const { state, source } = backlog(1_990);
    const gate = new MailBackPressure(source, { limit: 2_000, maxWaitMs: 60_000, recountMs: 60_000 });
    await gate.admit();
    gate.written(20); // the reactor committed a page: 2,010 due
    let admitted = false;
    const waiting = gate.admit().then(() => (admitted = true));
    await tick(30);
    expect(admitted).toBe(false);
    for (let i = 0; i < 11; i++) gate.left(); // the sender sent 11: 1,999 due
    await waiting;
    expect(state.asked).toBe(1);
  });

  it('counts once for the many bookings that arrive together, and not at all with the limit 0', async () => {
    const { state, source } = backlog(10);
    const gate = new MailBackPressure(source, { limit: 2_000, recountMs: 60_000 });
    await Promise.all(Array.from({ length: 32 }, () => gate.admit()));
    expect(state.asked).toBe(1);

    const off = backlog(50_000);
    await new MailBackPressure(off.source, { limit: 0 }).admit();
    expect(off.state.asked).toBe(0);
  });
});

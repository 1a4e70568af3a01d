// The HTTP half of deploy/smoke.sh, run inside the compose network in a one-off container of the
// app image (so the host needs Docker only). Phases, each its own run:
//   first       book on one API process, confirm through the other, both must show it confirmed
//   proxy       through Caddy: ready, the booking page, and the staff's live stream unbuffered
//   reminder    a confirmed booking gets its reminder mail once its window opens
//   waitlist    a full slot takes a waitlist entry; a cancellation offers the place by mail, and
//               the customer books from the offer's link
//   reschedule  a customer moves their booking to another time; it is pending again, mailed
//   push        a subscription tied to a booking gets a web push when the kitchen marks it ready
//   erasure     a customer erased reads "[raderad]" everywhere (also after the restore)
//   rush        bookings on both processes at once while smoke.sh kills the worker and one API
//               process; a request whose answer was lost is retried on the other with the same
//               Idempotency-Key, as the booking page does
//   check       every booking is there once on every process, every customer got their mails,
//               and no mail arrived twice
//   restored    after smoke.sh's restore drill: the same as check, and the erased customer is
//               still erased
// What a phase learns is kept in /state/smoke.json for the next. Every call is to a route of the
// OpenAPI document (test/smokeRoutes.test.ts checks that).
import { readFileSync, writeFileSync } from 'node:fs';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';

const REPLICAS = (process.env.SMOKE_REPLICAS ?? 'http://api-1:3000,http://api-2:3000').split(',');
const PROXY = process.env.SMOKE_PROXY ?? 'http://caddy:80';
const MAILPIT = process.env.SMOKE_MAILPIT ?? 'http://mailpit:8025';
const PUSH_SINK = process.env.SMOKE_PUSH_SINK ?? 'https://push-sink:8443';
const RUSH = Number(process.env.SMOKE_RUSH ?? 60);
const STATE = '/state/smoke.json';

const state = (() => {
  try {
    return JSON.parse(readFileSync(STATE, 'utf8'));
  } catch {
    return { bookings: [], confirmed: [], erased: null };
  }
})();
const save = () => writeFileSync(STATE, JSON.stringify(state, null, 2));
const fail = (message) => {
  console.error(`FAIL: ${message}`);
  process.exit(1);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The kiosk's date `days` from now (bookings need a future open day). */
const inDays = (days) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
const DATE = inDays(3);
// The other phases' bookings, on a day of their own so that they never meet the rush's counts.
const OTHER_DATE = inDays(4);
const timeOf = (i) =>
  `${String(11 + (Math.floor(i / 4) % 9)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;

async function call(base, method, path, { body, cookie, headers = {} } = {}) {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page, say): the status tells the check what happened.
  }
  return { status: response.status, body: json, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] };
}

async function login(base) {
  const reply = await call(base, 'POST', '/api/admin/login', {
    // The first admin's password: the secret file compose.cluster.yaml mounts into the app's containers.
    body: {
      email: process.env.ADMIN_EMAIL,
      password:
        process.env.ADMIN_PASSWORD ?? readFileSync(process.env.ADMIN_PASSWORD_FILE, 'utf8').replace(/\r?\n$/, ''),
    },
  });
  if (reply.status !== 200) fail(`sign-in on ${base} answered ${reply.status}`);
  return reply.cookie;
}

function payload(i) {
  return {
    date: DATE,
    time: timeOf(i),
    name: `Rusning ${i}`,
    email: `rusning${i}@example.se`,
    phone: null,
    dine_in: i % 2 === 0,
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  };
}

/** Books until some replica answers; each try looks like a different customer behind the proxy. */
async function book(i, first) {
  const key = randomUUID();
  for (let attempt = 0; attempt < 40; attempt++) {
    const base = REPLICAS[(first + attempt) % REPLICAS.length];
    try {
      const reply = await call(base, 'POST', '/api/bookings', {
        body: payload(i),
        headers: { 'idempotency-key': key, 'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${i % 250}` },
      });
      if (reply.status === 201) return reply.body.booking_id;
      if (reply.status < 500 && reply.status !== 429)
        fail(`booking ${i} refused on ${base}: ${reply.status} ${JSON.stringify(reply.body)}`);
    } catch {
      // The replica died with the request in flight: the booking may exist; the same key finds it.
    }
    await sleep(500);
  }
  fail(`booking ${i} got no answer from any replica`);
}

/** Waits until `probe` answers something truthy (polling each second), or fails with `what`. */
async function until(what, probe, seconds = 120) {
  for (let i = 0; i < seconds; i++) {
    const value = await probe().catch(() => null);
    if (value) return value;
    await sleep(1000);
  }
  fail(`${what}: not within ${seconds} s`);
}

/** A booking on OTHER_DATE for `who`, asserted 201. */
async function bookFor(base, who, time, pizzas = 1) {
  const reply = await call(base, 'POST', '/api/bookings', {
    body: {
      ...payload(0),
      date: OTHER_DATE,
      time,
      name: who,
      email: emailOf(who),
      items: [{ pizza_id: 1, qty: pizzas }],
      requested_pizzas: pizzas,
    },
    headers: { 'idempotency-key': randomUUID(), 'x-forwarded-for': `10.8.0.${Math.floor(Math.random() * 250)}` },
  });
  if (reply.status !== 201) fail(`booking for ${who} answered ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.booking_id;
}
const emailOf = (who) => `${who.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.se`;

async function confirm(base, admin, id) {
  const reply = await call(base, 'PUT', `/api/admin/bookings/${id}/confirm`, { cookie: admin });
  if (reply.status !== 200) fail(`confirming ${id} answered ${reply.status} ${JSON.stringify(reply.body)}`);
}

/** The mail log's sent mail of this kind for the booking. */
async function sentMail(base, admin, bookingId, kind) {
  const reply = await call(base, 'GET', `/api/admin/mails?booking_id=${bookingId}&kind=${kind}`, { cookie: admin });
  return reply.body?.mails?.find((mail) => mail.status === 'sent') ?? null;
}

/** The mail catcher's messages to an address, with their text. */
async function mailsTo(address) {
  const list = (await call(MAILPIT, 'GET', `/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`)).body;
  return Promise.all(
    (list?.messages ?? []).map(async (m) => ({
      ...m,
      text: (await call(MAILPIT, 'GET', `/api/v1/message/${m.ID}`)).body?.Text ?? '',
    })),
  );
}

/** Changes settings for the length of `during`, then puts them back. */
async function withSettings(base, admin, change, during) {
  const before = (await call(base, 'GET', '/api/admin/settings', { cookie: admin })).body;
  const saved = await call(base, 'PUT', '/api/admin/settings', { body: { ...before, ...change }, cookie: admin });
  if (saved.status !== 200)
    fail(`saving settings ${JSON.stringify(change)} answered ${saved.status} ${JSON.stringify(saved.body)}`);
  try {
    return await during();
  } finally {
    await call(base, 'PUT', '/api/admin/settings', { body: before, cookie: admin });
  }
}

/** The instant of a kiosk date and time (Europe/Stockholm), ms. */
function instantOf(date, time) {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const wall = new Date(asUtc).toLocaleString('sv-SE', { timeZone: 'Europe/Stockholm' });
  return asUtc - (Date.parse(`${wall.replace(' ', 'T')}Z`) - asUtc);
}

async function first() {
  const [a, b] = REPLICAS;
  const id = await book(1000, 0);
  const admin = await login(b);
  const confirmed = await call(b, 'PUT', `/api/admin/bookings/${id}/confirm`, { cookie: admin });
  if (confirmed.status !== 200 || confirmed.body?.booking?.status !== 'confirmed')
    fail(`confirm through the other replica answered ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  const seen = await call(a, 'GET', `/api/admin/bookings/${id}`, { cookie: await login(a) });
  if (seen.body?.status !== 'confirmed') fail(`the first replica shows the confirmed booking as ${seen.body?.status}`);
  state.bookings.push(id);
  state.confirmed.push(id);
  save();
  console.log(`first: booked ${id} on ${a}, confirmed through ${b}`);
}

async function proxy() {
  const ready = await call(PROXY, 'GET', '/api/ready');
  if (ready.status !== 200 || !ready.body?.ready) fail(`/api/ready through Caddy answered ${ready.status}`);
  const page = await fetch(`${PROXY}/`, { signal: AbortSignal.timeout(15_000) });
  if (page.status !== 200 || !(await page.text()).includes('<html'))
    fail(`the booking page through Caddy answered ${page.status}`);
  // The live stream: a confirmation must reach an open stream within seconds, not when a buffer fills.
  const admin = await login(PROXY);
  const stream = await fetch(`${PROXY}/api/admin/live`, {
    headers: { cookie: admin },
    signal: AbortSignal.timeout(60_000),
  });
  if (stream.status !== 200) fail(`the live stream through Caddy answered ${stream.status}`);
  const reader = stream.body.getReader();
  const id = await bookFor(REPLICAS[0], 'Strom Test', '12:15');
  const started = Date.now();
  await confirm(REPLICAS[1], await login(REPLICAS[1]), id);
  let seen = '';
  while (!seen.includes(id)) {
    const { value, done } = await Promise.race([reader.read(), sleep(15_000).then(() => ({ done: true }))]);
    if (done) fail(`the live stream through Caddy did not carry the confirmation of ${id} within 15 s`);
    seen += new TextDecoder().decode(value);
  }
  await reader.cancel();
  console.log(
    `proxy: ready and the page through Caddy; the live stream carried a confirmation after ${Date.now() - started} ms`,
  );
}

async function reminder() {
  const [a, b] = REPLICAS;
  const admin = await login(a);
  const time = '16:00';
  // The reminder window opens two to three minutes from now: the booking is placed and confirmed
  // before it opens, as the rule wants (domain/README.md, [reminder]).
  const minutes = Math.floor((instantOf(OTHER_DATE, time) - Date.now()) / 60_000) - 2;
  await withSettings(a, admin, { reminder_minutes_before: minutes }, async () => {
    const id = await bookFor(a, 'Paminnelse Test', time);
    await confirm(b, await login(b), id);
    await until(`the reminder mail of ${id}`, () => sentMail(a, admin, id, 'booking_reminder'), 300);
    await until(
      'the reminder in the mail catcher',
      async () => (await mailsTo(emailOf('Paminnelse Test'))).length === 3,
    );
    console.log(`reminder: ${id} reminded ${minutes} minutes before its time, mail received`);
  });
}

async function waitlist() {
  const [a, b] = REPLICAS;
  const admin = await login(a);
  const time = '17:00';
  // A window of two pizzas: one booking of two fills it.
  await withSettings(a, admin, { capacity_per_window: 2 }, async () => {
    const blocking = await bookFor(a, 'Full Lucka', time, 2);
    const joined = await call(b, 'POST', '/api/waitlist', {
      body: { date: OTHER_DATE, time, name: 'Ko Test', email: emailOf('Ko Test'), requested_pizzas: 1 },
    });
    if (joined.status !== 201) fail(`joining the waitlist answered ${joined.status} ${JSON.stringify(joined.body)}`);
    const cancelled = await call(b, 'PUT', `/api/admin/bookings/${blocking}/cancel`, {
      body: { reason: 'Röktest av kön' },
      cookie: await login(b),
    });
    if (cancelled.status !== 200) fail(`cancelling ${blocking} answered ${cancelled.status}`);
    // The offer goes out by mail with the personal link; the customer books from it.
    const offer = await until('the waitlist offer mail', async () => {
      const mails = await mailsTo(emailOf('Ko Test'));
      return mails.map((m) => /\/waitlist\/([A-Za-z0-9_-]+)/.exec(m.text)?.[1]).find(Boolean);
    });
    const state = await call(a, 'GET', `/api/waitlist/${offer}`);
    if (state.status !== 200) fail(`the offer link answered ${state.status} ${JSON.stringify(state.body)}`);
    const booked = await call(b, 'POST', `/api/waitlist/${offer}/book`, {
      body: {
        name: 'Ko Test',
        email: emailOf('Ko Test'),
        phone: null,
        dine_in: false,
        items: [{ pizza_id: 1, qty: 1 }],
      },
    });
    if (booked.status !== 201) fail(`booking from the offer answered ${booked.status} ${JSON.stringify(booked.body)}`);
    console.log(`waitlist: joined, offered after a cancellation, booked ${booked.body.booking_id} from the link`);
  });
}

async function reschedule() {
  const [a, b] = REPLICAS;
  const admin = await login(a);
  const id = await bookFor(a, 'Flytt Test', '18:00');
  await confirm(a, admin, id);
  const moved = await call(b, 'POST', `/api/bookings/${id}/reschedule`, {
    body: { email: emailOf('Flytt Test'), date: OTHER_DATE, time: '18:30' },
  });
  if (moved.status !== 200 || moved.body?.booking?.status !== 'pending' || moved.body.booking.booking_time !== '18:30')
    fail(`rescheduling ${id} answered ${moved.status} ${JSON.stringify(moved.body)}`);
  const newId = moved.body.booking.id;
  await until(`the moved mail of ${newId}`, () => sentMail(a, admin, newId, 'booking_moved'));
  console.log(`reschedule: ${id} moved to 18:30 as ${newId}, pending again, mailed`);
}

async function push() {
  const [a, b] = REPLICAS;
  const admin = await login(a);
  const id = await bookFor(a, 'Notis Test', '19:00');
  // A browser's subscription: its own P-256 key and auth secret, as PushManager makes them.
  const browser = createECDH('prime256v1');
  const path = `/s/${randomUUID()}`;
  const subscribed = await call(b, 'POST', '/api/notifications/subscribe', {
    body: {
      endpoint: `${PUSH_SINK}${path}`,
      expirationTime: null,
      keys: { p256dh: browser.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      booking_id: id,
      email: emailOf('Notis Test'),
    },
  });
  if (subscribed.status !== 201) fail(`subscribing answered ${subscribed.status} ${JSON.stringify(subscribed.body)}`);
  await confirm(a, admin, id);
  for (const step of ['baking', 'ready']) {
    const reply = await call(b, 'PUT', `/api/admin/bookings/${id}/kitchen`, { body: { step }, cookie: await login(b) });
    if (reply.status !== 200) fail(`kitchen step ${step} answered ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  await until(
    'the ready notice at the push service',
    async () => (await call(PUSH_SINK, 'GET', '/received')).body?.[path] === 1,
  );
  await until(`the ready mail of ${id}`, () => sentMail(a, admin, id, 'order_ready'));
  console.log(`push: ${id} ready, one web push to its subscription and the ready mail`);
}

async function erasure() {
  const [a, b] = REPLICAS;
  const admin = await login(a);
  const email = emailOf('Radera Test');
  const id = await bookFor(a, 'Radera Test', '20:00');
  const erased = await call(b, 'POST', '/api/admin/customers/erase', { body: { email }, cookie: await login(b) });
  if (erased.status !== 200 || erased.body?.erased_bookings !== 1)
    fail(`erasing ${email} answered ${erased.status} ${JSON.stringify(erased.body)}`);
  await expectErased(a, admin, id, email);
  state.erased = { id, email };
  save();
  console.log(`erasure: ${email} erased, ${id} reads [raderad]`);
}

async function expectErased(base, admin, id, email) {
  const booking = await until(
    `${id} read back`,
    async () => (await call(base, 'GET', `/api/admin/bookings/${id}`, { cookie: admin })).body,
  );
  if (booking.name !== '[raderad]' || booking.email !== '[raderad]')
    fail(`${id} still names its customer: ${booking.name}`);
  const exported = await call(base, 'GET', `/api/admin/customers/export?email=${encodeURIComponent(email)}`, {
    cookie: admin,
  });
  if (JSON.stringify(exported.body ?? {}).includes('Radera Test')) fail(`the export for ${email} still holds the name`);
}

async function rush() {
  const ids = await Promise.all(Array.from({ length: RUSH }, (_, i) => sleep(i * 50).then(() => book(i, i))));
  state.bookings.push(...ids);
  save();
  console.log(`rush: ${ids.length} bookings answered`);
}

async function check() {
  const expected = new Set(state.bookings);
  if (expected.size !== state.bookings.length) fail('one booking id was answered twice');
  for (const base of REPLICAS) {
    const admin = await login(base);
    // A replica that just came back follows the projecting process within a moment.
    let listed = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      listed = (await call(base, 'GET', `/api/admin/bookings?date=${DATE}`, { cookie: admin })).body ?? [];
      if (listed.length >= expected.size) break;
      await sleep(1000);
    }
    const ids = listed.map((booking) => booking.id);
    const missing = [...expected].filter((id) => !ids.includes(id));
    if (missing.length) fail(`${base} lost ${missing.length} accepted bookings: ${missing.join(', ')}`);
    if (ids.length !== expected.size)
      fail(`${base} lists ${ids.length} bookings for ${expected.size} made: a retried request was booked twice`);
  }
  // The rush's and the first booking's customers: one mail per booking, one more per confirmation
  // (the other phases checked their own customers' mails).
  const customers = (message) => (message.To ?? []).some((to) => /^rusning\d+@example\.se$/.test(to.Address));
  const want = expected.size + state.confirmed.length;
  const all = async () => (await call(MAILPIT, 'GET', '/api/v1/messages?limit=5000')).body?.messages ?? [];
  // A mail the killed worker had claimed waits for its claim to run out.
  let messages = [];
  for (let attempt = 0; attempt < 240; attempt++) {
    messages = (await all()).filter(customers);
    if (messages.length >= want) break;
    await sleep(1000);
  }
  // Longer than a mail claim's retry: a duplicate would have come by now.
  await sleep(10_000);
  const everything = await all();
  const byId = new Map();
  for (const message of everything) byId.set(message.MessageID, (byId.get(message.MessageID) ?? 0) + 1);
  const twice = [...byId].filter(([, n]) => n > 1).map(([id]) => id);
  if (twice.length) fail(`mail sent more than once: ${twice.join(', ')}`);
  messages = everything.filter(customers);
  if (messages.length !== want) fail(`${messages.length} mails to the rush's customers arrived, ${want} expected`);
  console.log(
    `check: ${expected.size} bookings on every process, ${want} customer mails, none of ${everything.length} twice`,
  );
}

async function restored() {
  await check();
  if (!state.erased) fail('no erased customer recorded (run the erasure phase first)');
  for (const base of REPLICAS) await expectErased(base, await login(base), state.erased.id, state.erased.email);
  console.log(`restored: every booking back on every process, ${state.erased.email} still erased`);
}

const phases = { first, proxy, reminder, waitlist, reschedule, push, erasure, rush, check, restored };
const phase = phases[process.argv[2]];
if (!phase) fail(`usage: smoke.mjs ${Object.keys(phases).join('|')}`);
await phase();

// The HTTP half of deploy/smoke.sh, run inside the compose network in a one-off container of the
// app image (so the host needs Docker only). Phases, each its own run:
//   first  book on one API replica, confirm through the other, both must show it confirmed
//   rush   bookings on both replicas at once while smoke.sh kills the worker and one replica;
//          a request whose answer was lost is retried on the other replica with the same
//          Idempotency-Key, as the booking page does
//   check  every booking is there once on every replica, and the mail catcher received every
//          mail exactly once
// What a phase learns is kept in /state/smoke.json for the next.
import { readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';

const REPLICAS = (
  process.env.SMOKE_REPLICAS ?? 'http://pizzakiosken-smoke-api-1:3000,http://pizzakiosken-smoke-api-2:3000'
).split(',');
const MAILPIT = process.env.SMOKE_MAILPIT ?? 'http://mailpit:8025';
const RUSH = Number(process.env.SMOKE_RUSH ?? 60);
const STATE = '/state/smoke.json';

const state = (() => {
  try {
    return JSON.parse(readFileSync(STATE, 'utf8'));
  } catch {
    return { bookings: [], confirmed: [] };
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
    body: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
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
  // To the customer and to the kiosk per booking, one more per confirmation.
  const want = 2 * expected.size + state.confirmed.length;
  // A mail the killed worker had claimed waits for its claim to run out (3 minutes).
  let messages = [];
  for (let attempt = 0; attempt < 240; attempt++) {
    messages = (await call(MAILPIT, 'GET', `/api/v1/messages?limit=${want * 2}`)).body?.messages ?? [];
    if (messages.length >= want) break;
    await sleep(1000);
  }
  // Longer than a mail claim's retry: a duplicate would have come by now.
  await sleep(10_000);
  messages = (await call(MAILPIT, 'GET', `/api/v1/messages?limit=${want * 2}`)).body?.messages ?? [];
  const byId = new Map();
  for (const message of messages) byId.set(message.MessageID, (byId.get(message.MessageID) ?? 0) + 1);
  const twice = [...byId].filter(([, n]) => n > 1).map(([id]) => id);
  if (twice.length) fail(`mail sent more than once: ${twice.join(', ')}`);
  if (messages.length !== want) fail(`${messages.length} mails arrived, ${want} expected`);
  console.log(`check: ${expected.size} bookings on every replica, ${want} mails each sent once`);
}

const phases = { first, rush, check };
const phase = phases[process.argv[2]];
if (!phase) fail(`usage: smoke.mjs ${Object.keys(phases).join('|')}`);
await phase();

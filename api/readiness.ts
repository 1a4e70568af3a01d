// Liveness and readiness, for load balancers and orchestrators (GET /api/health, /api/ready).
//
// Ready means this process can answer requests with current data: the event store and the
// read-model store both answer, and the projections are at most maxLag events behind the log
// (read-your-writes waits for them, so a process far behind would answer slowly or stale).
// A process that is shutting down is not ready, so traffic drains away before it stops.
//
// Beside that verdict it reports the worker's lag for monitoring, which never makes it unready:
// the projections' lag, the mail and push outboxes' due items and the oldest one's age, and the
// longest stall of a loop in this process; `alerts` names what is past its threshold (ALERT_LAG
// events, ALERT_DUE_SECONDS; deploy/README.md, "Monitoring"). `seller_missing` (rule: seller-first)
// says the seller's name, organisation number, address or e-mail is not filled in yet.
// `backup_overdue` and `disk_low` report on the host (api/opsAlerts.ts); `swish_certificate_expiring`
// that Swish's client certificate ends within 30 days (rule: swish-certificate). What each alert means and
// what to do about it: docs/operations.md.
import type { EventStore, Position } from '../domain/eventStore.js';
import type { GoLiveStep } from '../domain/goLive/goLive.js';
import type { DocumentStore } from '../read-models/documentStore.js';
import type { MailHealth } from './mail/outbox.js';
import type { PushHealth } from './push/outboxHealth.js';

export interface ReadinessDeps {
  events: EventStore;
  docs: DocumentStore;
  /** Position every projection has applied. */
  projectionPosition: () => Position;
  /** The outbox's state (api/mail/outbox.ts): reported, never a reason to be unready. */
  mail: () => Promise<MailHealth>;
  /** The push outbox's backlog (api/push/outboxHealth.ts): reported, never a reason to be unready. */
  push: () => Promise<PushHealth>;
  /** The longest stall of a projection runner, reactor or sender of this process, ms (api/watchdog.ts). */
  stalledMs: () => number;
  /** What this process holds in memory against each bound (the command bus's cache, the read-model cache). */
  memoryBounds?: () => MemoryBound[];
  /** rule: seller-first. Whether a required seller detail is still blank (the settings read model). */
  sellerMissing?: () => Promise<boolean>;
  /** rule: go-live. The checklist's steps still to do before web orders open ([] when open or not closed at all). */
  notReadyForOrders?: () => Promise<GoLiveStep[]>;
  /** Whether the newest scheduled backup is older than twice its interval (api/opsAlerts.ts); absent without scheduled backups. */
  backupOverdue?: () => boolean;
  /** Whether DATA_DIR's (or BACKUP_DIR's) filesystem is nearly full (api/opsAlerts.ts). */
  diskLow?: () => boolean;
  /** rule: swish-certificate. Whether the Swish client certificate ends within 30 days; absent while Swish is off. */
  swishCertificateExpiring?: () => boolean;
  /** What /api/ready reports as alerts: events behind, and seconds a due item waits or a loop stalls. */
  alert: { lag: number; dueSeconds: number };
  stopping: () => boolean;
  /** Events the projections may be behind and still be ready. */
  maxLag: number;
  /** How long each store may take to answer. */
  timeoutMs?: number;
}

export interface Readiness {
  ready: boolean;
  event_store: 'ok' | 'unreachable';
  read_models: 'ok' | 'unreachable';
  /** Events not yet applied by every projection; null when the event store did not answer. Counted up to the higher of maxLag and the alert lag, plus 1. */
  projection_lag: number | null;
  stopping: boolean;
  /** Mail trouble never takes the site down, but monitoring sees it; null when the store did not answer. */
  mail: MailHealth | null;
  push: PushHealth | null;
  stalled_seconds: number;
  memory_bounds: MemoryBound[];
  /** The thresholds passed: an operator is alerted while this is not empty. */
  alerts: Alert[];
  /** rule: go-live. With the alert not_ready_for_orders: the checklist's steps still to do. */
  missing_for_orders?: GoLiveStep[];
}

export interface MemoryBound {
  name: 'command_streams' | 'command_records' | 'read_model_cache' | 'heap_mb';
  used: number;
  bound: number;
}

export type Alert =
  | 'projection_lag'
  | 'mail_waiting'
  | 'mail_failing'
  | 'mail_failed'
  | 'push_waiting'
  | 'stalled'
  | 'seller_missing'
  | 'backup_overdue'
  | 'disk_low'
  | 'not_ready_for_orders'
  | 'swish_certificate_expiring';

export async function readiness(deps: ReadinessDeps): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? 2000;
  // Positions are not event counts (EventStoreDB's are log offsets): count the events after the
  // projections' position, reading no more than it takes to exceed the higher limit (READY_MAX_LAG, ALERT_LAG).
  const countUpTo = Math.max(deps.maxLag, deps.alert.lag) + 1;
  const [lag, readModels, mail, push] = await Promise.all([
    within(timeoutMs, async () => (await deps.events.readAll(deps.projectionPosition(), countUpTo)).length),
    within(timeoutMs, () => deps.docs.getCheckpoint('days_v1')),
    within(timeoutMs, () => deps.mail()),
    within(timeoutMs, () => deps.push()),
  ]);
  const stopping = deps.stopping();
  const stalledSeconds = Math.floor(deps.stalledMs() / 1000);
  const alerts: Alert[] = [];
  if (lag.ok && lag.value > deps.alert.lag) alerts.push('projection_lag');
  if (mail.ok && (mail.value.oldest_due_seconds ?? 0) > deps.alert.dueSeconds) alerts.push('mail_waiting');
  if (mail.ok && mail.value.relay === 'failing') alerts.push('mail_failing');
  // Mails parked for good that staff have not looked at yet (the mail log's failed filter).
  if (mail.ok && mail.value.failed_unseen > 0) alerts.push('mail_failed');
  if (push.ok && (push.value.oldest_due_seconds ?? 0) > deps.alert.dueSeconds) alerts.push('push_waiting');
  if (stalledSeconds > deps.alert.dueSeconds) alerts.push('stalled');
  // The seller's details are the law's before anything else is sold (rule: seller-first).
  const seller = deps.sellerMissing ? await within(timeoutMs, deps.sellerMissing) : null;
  if (seller?.ok && seller.value) alerts.push('seller_missing');
  // The host's side (docs/operations.md): backups that stopped, a disk filling up.
  if (deps.backupOverdue?.()) alerts.push('backup_overdue');
  if (deps.diskLow?.()) alerts.push('disk_low');
  // Swish refuses payments once its client certificate has ended (rule: swish-certificate).
  if (deps.swishCertificateExpiring?.()) alerts.push('swish_certificate_expiring');
  // A new public install takes no web orders until the checklist is done (rule: go-live).
  const orders = deps.notReadyForOrders ? await within(timeoutMs, deps.notReadyForOrders) : null;
  const missingForOrders = orders?.ok ? orders.value : [];
  if (missingForOrders.length > 0) alerts.push('not_ready_for_orders');
  return {
    ready: !stopping && lag.ok && readModels.ok && lag.value <= deps.maxLag,
    event_store: lag.ok ? 'ok' : 'unreachable',
    read_models: readModels.ok ? 'ok' : 'unreachable',
    projection_lag: lag.ok ? lag.value : null,
    stopping,
    mail: mail.ok ? mail.value : null,
    push: push.ok ? push.value : null,
    stalled_seconds: stalledSeconds,
    memory_bounds: deps.memoryBounds?.() ?? [],
    alerts,
    ...(missingForOrders.length > 0 ? { missing_for_orders: missingForOrders } : {}),
  };
}

async function within<T>(ms: number, check: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: false }>((resolve) => (timer = setTimeout(() => resolve({ ok: false }), ms)));
  try {
    return await Promise.race([
      check().then(
        (value) => ({ ok: true as const, value }),
        () => ({ ok: false as const }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// Sends one web push with the web-push library: the payload encrypted for the subscription
// (aes128gcm, RFC 8291) and the request signed with the server's VAPID key (RFC 8292). Tries a
// notice a bounded number of times; tells what became of it (push/reactor.ts acts on that).
import webpush, { WebPushError } from 'web-push';
import type { KnownSubscription } from '../../domain/push/push.js';
import type { PushNotice } from './notices.js';
import type { VapidKeys } from './vapid.js';

export type PushOutcome =
  | { outcome: 'sent'; status: number }
  /** 404/410: the browser has let go of the subscription. */
  | { outcome: 'gone'; status: number }
  | { outcome: 'failed'; status: number | null; attempts: number; error: string };

export interface PushSender {
  send(subscription: KnownSubscription, notice: PushNotice): Promise<PushOutcome>;
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** Tries per notice (default 3). */
  attempts?: number;
  /** Pause before the second try, doubled before each further one (default 1000 ms). */
  retryDelayMs?: number;
  /** Per request (default 10 s). */
  timeoutMs?: number;
}

/** A ready notice an hour old is no use: push services drop it after this (seconds). */
const TTL_SECONDS = 3600;

export function createPushSender(o: PushSenderOptions): PushSender {
  const attempts = o.attempts ?? 3;
  const retryDelayMs = o.retryDelayMs ?? 1000;
  const options = {
    vapidDetails: { subject: o.vapid.subject, publicKey: o.vapid.publicKey, privateKey: o.vapid.privateKey },
    TTL: TTL_SECONDS,
    urgency: 'high' as const,
    contentEncoding: 'aes128gcm' as const,
    timeout: o.timeoutMs ?? 10_000,
  };
  return {
    async send(subscription, notice) {
      // SPEC's call leaves the keys optional; a payload cannot be encrypted without them.
      if (!subscription.keys.p256dh || !subscription.keys.auth)
        return { outcome: 'failed', status: null, attempts: 0, error: 'the subscription has no keys' };
      const target = {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      };
      let last: { status: number | null; error: string } = { status: null, error: '' };
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          const answer = await webpush.sendNotification(target, JSON.stringify(notice), options);
          return { outcome: 'sent', status: answer.statusCode };
        } catch (error) {
          const status = error instanceof WebPushError ? error.statusCode : null;
          if (status === 404 || status === 410) return { outcome: 'gone', status };
          last = { status, error: error instanceof Error ? error.message : String(error) };
          // A subscription without keys, or another refusal of this very request: trying again changes nothing.
          const retryable = status === null || status === 429 || status >= 500;
          if (!retryable) return { outcome: 'failed', attempts: attempt, ...last };
          if (attempt < attempts)
            await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attempt - 1)));
        }
      }
      return { outcome: 'failed', attempts, ...last };
    },
  };
}

// Sends one web push with the web-push library: the payload encrypted for the subscription
// (aes128gcm, RFC 8291) and the request signed with the server's VAPID key (RFC 8292). One try;
// tells what became of it (push/noticeSender.ts acts on that).
import webpush, { WebPushError } from 'web-push';
import type { KnownSubscription } from '../../domain/push/push.js';
import type { PushNotice } from './notices.js';
import type { VapidKeys } from './vapid.js';

export type PushOutcome =
  | { outcome: 'sent'; status: number }
  /** 404/410: the browser has let go of the subscription. */
  | { outcome: 'gone'; status: number }
  /** retryable: 429, 5xx or no answer (worth another try later); anything else refuses this notice for good. */
  | { outcome: 'failed'; status: number | null; retryable: boolean; error: string };

export interface PushSender {
  /** One try; the outbox (push/noticeSender.ts) decides about the next. */
  send(subscription: KnownSubscription, notice: PushNotice): Promise<PushOutcome>;
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** Per request (default 10 s). */
  timeoutMs?: number;
}

/** A ready notice an hour old is no use: push services drop it after this (seconds). */
const TTL_SECONDS = 3600;

export function createPushSender(o: PushSenderOptions): PushSender {
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
        return { outcome: 'failed', status: null, retryable: false, error: 'the subscription has no keys' };
      const target = {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      };
      try {
        const answer = await webpush.sendNotification(target, JSON.stringify(notice), options);
        return { outcome: 'sent', status: answer.statusCode };
      } catch (error) {
        const status = error instanceof WebPushError ? error.statusCode : null;
        if (status === 404 || status === 410) return { outcome: 'gone', status };
        // Another refusal of this very request: trying again changes nothing.
        const retryable = status === null || status === 429 || status >= 500;
        return { outcome: 'failed', status, retryable, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

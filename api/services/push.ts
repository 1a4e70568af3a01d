// Web Push subscriptions, stored once per endpoint.
import { createHash } from 'node:crypto';
import { PUSH_STREAM, pushDecider } from '../../domain/push/push.js';
import type { Commands } from './commands.js';

export class PushService {
  constructor(private readonly commands: Commands) {}

  /** Stores the subscription; answers its id (a hash of the endpoint, so the same endpoint is one subscription). */
  async subscribe(endpoint: string, given: { p256dh?: string; auth?: string }): Promise<string> {
    const id = createHash('sha256').update(endpoint).digest('hex').slice(0, 32);
    // Only the keys the browser sent (a key left out is not stored as undefined).
    const keys: Record<string, string> = {};
    for (const [name, value] of Object.entries(given)) if (typeof value === 'string') keys[name] = value;
    const subscription = { id, endpoint, keys, subscribed_at: this.commands.clock().now.toISOString() };
    await this.commands.write(PUSH_STREAM, pushDecider, { type: 'Subscribe', subscription }, 'customer');
    return id;
  }
}

// What every application service shares: the command bus, the clock, and read-your-writes (a
// write answers once the read models show its events). Emmett's handleCommand steps (load, decide,
// append, retry) live in the bus; a service only says which stream, which decider and which command.
import { randomUUID } from 'node:crypto';
import type { Position } from '../../domain/eventStore.js';
import type { Decider, DomainEvent } from '../../domain/shared/decider.js';
import type { Clock } from '../../domain/shared/time.js';
import type { CommandBus, CommandMeta } from '../commands/commandBus.js';

export interface ServiceContext {
  bus: CommandBus;
  clock: () => Clock;
  /** Base of links sent to customers, e.g. https://pizzakiosken.se */
  publicUrl: string;
  /** Resolves once the read models include the position (read-your-writes). */
  waitForReadModels: (position: Position) => Promise<unknown>;
}

export class Commands {
  constructor(private readonly context: ServiceContext) {}

  get bus(): CommandBus {
    return this.context.bus;
  }

  get publicUrl(): string {
    return this.context.publicUrl;
  }

  clock(): Clock {
    return this.context.clock();
  }

  meta(actor: string): CommandMeta {
    return { actor, now: this.context.clock().now, correlationId: randomUUID() };
  }

  /** Waits until the read models show the result's events (read-your-writes), then answers it. */
  async settled<T extends { position: Position }>(result: T): Promise<T> {
    await this.context.waitForReadModels(result.position);
    return result;
  }

  load<C, E extends DomainEvent, S>(stream: string, decider: Decider<C, E, S>) {
    return this.context.bus.load(stream, decider);
  }

  /** Runs a command and answers once the read models show its events. */
  async write<C, E extends DomainEvent, S>(stream: string, decider: Decider<C, E, S>, command: C, actor: string) {
    return this.settled(await this.context.bus.handle(stream, decider, command, this.meta(actor)));
  }
}

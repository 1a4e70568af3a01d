// The bonus-codes stream as staff manage it; redeeming and releasing uses belongs to bookings.
import {
  BONUS_CODES_STREAM,
  bonusCodesDecider,
  findByCode,
  type BonusCodeInput,
} from '../../domain/bonusCodes/bonusCodes.js';
import type { Position } from '../../domain/eventStore.js';
import { kioskDayStream } from '../../domain/kioskDay/kioskDay.js';
import { bookingLanded, usesToSettle, type UseToSettle } from '../../domain/bonusCodes/settlement.js';
import type { Commands } from './commands.js';

export class BonusCodesService {
  constructor(private readonly commands: Commands) {}

  /** Creates a code; answers its id and the position of the append (what an answer must show). */
  async create(input: BonusCodeInput, actor: string): Promise<{ id: number; position: Position }> {
    const result = await this.commands.write(
      BONUS_CODES_STREAM,
      bonusCodesDecider,
      { type: 'CreateBonusCode', input, timeZone: this.commands.clock().timeZone },
      actor,
    );
    return { id: result.events[0].data.id, position: result.position };
  }

  /** Changes a code; answers the position of the append (what an answer must show). */
  async update(id: number, input: BonusCodeInput, actor: string): Promise<Position> {
    return (
      await this.commands.write(
        BONUS_CODES_STREAM,
        bonusCodesDecider,
        { type: 'UpdateBonusCode', id, input, timeZone: this.commands.clock().timeZone },
        actor,
      )
    ).position;
  }

  /** The bonus-codes stream as stored (answers built from it: projections/asWritten.ts). */
  events() {
    return this.commands.bus.readStream(BONUS_CODES_STREAM);
  }

  async remove(id: number, actor: string) {
    await this.commands.write(BONUS_CODES_STREAM, bonusCodesDecider, { type: 'DeleteBonusCode', id }, actor);
  }

  /** POST /validate-bonus-code answers from the stream, so a code used up a moment ago says so. */
  async byCode(code: string) {
    return findByCode((await this.commands.load(BONUS_CODES_STREAM, bonusCodesDecider)).state, code);
  }

  /** The uses whose booking's outcome is known and that are not settled yet (rule: bonus-code-settlement). */
  async usesToSettle(): Promise<UseToSettle[]> {
    const { state } = await this.commands.load(BONUS_CODES_STREAM, bonusCodesDecider);
    return usesToSettle(state.codes.values(), this.commands.clock().now);
  }

  /**
   * Settles one use by its day's log as stored now (read past the cache): kept when its booking is
   * there, given back when not. Answers what was recorded; null when nothing was (settled since).
   */
  async settle(use: UseToSettle, actor: string): Promise<'kept' | 'released' | null> {
    const landed = bookingLanded(await this.commands.bus.readStream(kioskDayStream(use.date)), use.booking_ref);
    const { events } = await this.commands.write(
      BONUS_CODES_STREAM,
      bonusCodesDecider,
      { type: 'SettleBonusCodeUse', booking_ref: use.booking_ref, landed, clock: this.commands.clock() },
      actor,
    );
    if (events.length === 0) return null;
    return events[0].type === 'BonusCodeUseKept' ? 'kept' : 'released';
  }
}

// The bonus-codes stream as staff manage it; redeeming and releasing uses belongs to bookings.
import {
  BONUS_CODES_STREAM,
  bonusCodesDecider,
  findByCode,
  type BonusCodeInput,
} from '../../domain/bonusCodes/bonusCodes.js';
import type { Position } from '../../domain/eventStore.js';
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
}

// The menu stream: pizzas added, changed and removed by staff, and the demo menu of a first start.
import {
  DEMO_MENU,
  MENU_STREAM,
  menuDecider,
  pizzaOf,
  type PizzaData,
  type PizzaInput,
} from '../../domain/menu/menu.js';
import { allergenAnswer } from '../../domain/menu/allergens.js';
import type { Commands } from './commands.js';
import type { Extra, ExtraInput } from '../../domain/menu/extras.js';
import type { MenuForLines } from '../../domain/kioskDay/orderLines.js';

/** An extra as the calls answer it: `active` as 1 or 0, like a pizza. */
export const extraView = ({ allergen_kinds, ...extra }: Extra) => ({
  ...extra,
  active: extra.active ? (1 as const) : (0 as const),
  // Rule allergen-kinds: only where a cereal or nut is named (extras from before name none).
  ...(allergen_kinds && Object.keys(allergen_kinds).length > 0 ? { allergen_kinds } : {}),
});

/** A pizza as the admin calls answer it: `active` as 1 or 0, like the menu's read model. */
export function pizzaView(data: PizzaData) {
  const { allergen_kinds, ...pizza } = pizzaOf(data);
  return {
    ...pizza,
    // Rule allergen-kinds: only where a cereal or nut is named.
    ...(Object.keys(allergen_kinds).length > 0 ? { allergen_kinds } : {}),
    active: pizza.active ? (1 as const) : (0 as const),
    ...allergenAnswer(pizza.allergens),
  };
}

export class MenuService {
  constructor(private readonly commands: Commands) {}

  async add(pizza: PizzaInput, actor: string) {
    const result = await this.commands.write(MENU_STREAM, menuDecider, { type: 'AddPizza', pizza }, actor);
    return pizzaView(result.events[0].data as PizzaData);
  }

  async update(id: number, pizza: PizzaInput, actor: string) {
    const result = await this.commands.write(MENU_STREAM, menuDecider, { type: 'UpdatePizza', id, pizza }, actor);
    return pizzaView(result.events[0].data as PizzaData);
  }

  async remove(id: number, actor: string) {
    await this.commands.write(MENU_STREAM, menuDecider, { type: 'RemovePizza', id }, actor);
  }

  /** The menu's pizzas by id, from the stream (a booking is priced from it). */
  async pizzas() {
    return (await this.commands.load(MENU_STREAM, menuDecider)).state.pizzas;
  }

  /** Pizzas and extras by id, from the stream: what an order's lines are priced from (issue 29). */
  async forLines(): Promise<MenuForLines> {
    const { pizzas, extras } = (await this.commands.load(MENU_STREAM, menuDecider)).state;
    return { pizzas, extras };
  }

  /** The extras, from the stream (few, and read-your-writes without a projection). */
  async extras(options: { activeOnly: boolean }) {
    const { extras } = (await this.commands.load(MENU_STREAM, menuDecider)).state;
    return [...extras.values()].filter((e) => e.active || !options.activeOnly).map(extraView);
  }

  async addExtra(extra: ExtraInput, actor: string) {
    const result = await this.commands.write(MENU_STREAM, menuDecider, { type: 'AddExtra', extra }, actor);
    return extraView(result.events[0].data as Extra);
  }

  async updateExtra(id: number, extra: ExtraInput, actor: string) {
    const result = await this.commands.write(MENU_STREAM, menuDecider, { type: 'UpdateExtra', id, extra }, actor);
    return extraView(result.events[0].data as Extra);
  }

  async removeExtra(id: number, actor: string) {
    await this.commands.write(MENU_STREAM, menuDecider, { type: 'RemoveExtra', id }, actor);
  }

  /** Seeds the demo menu on an empty store; later starts change nothing. */
  async seed() {
    await this.commands.bus.handle(
      MENU_STREAM,
      menuDecider,
      { type: 'SeedMenu', pizzas: DEMO_MENU },
      this.commands.meta('system'),
    );
  }
}

// The first HTML of the booking page carries the open days and the menu, so it is readable (and
// indexable) before its JavaScript loads. Trimmed to what the page shows. A failed call leaves
// its part null: the page then asks the /api itself and shows the SPEC 8 fallbacks.
import type { PageContextServer } from 'vike/types';
import type { OpenDaysAnswer, Pizza, PublicSettings } from '../../../lib/types.js';

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContextServer) {
  const get = <T,>(path: string) => pageContext.apiGet<T>(path).catch(() => null);
  const [days, pizzas, settings] = await Promise.all([
    get<OpenDaysAnswer>('/api/open-days?days=30'),
    get<Pizza[]>('/api/pizzas'),
    get<PublicSettings>('/api/settings'),
  ]);
  return {
    openDays: days ? days.open_days.map((d) => ({ date: d.date })) : null,
    pizzas: pizzas ? pizzas.map(({ id, name, description, price_cents }) => ({ id, name, description, price_cents })) : null,
    capacity: settings?.capacity_per_window ?? null,
  };
}

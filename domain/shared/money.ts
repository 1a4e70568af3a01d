// Money is integer cents (öre) everywhere; kronor appear only when formatting.

/** A bonus-code discount of an order, rounded to whole cents (the price the booking records). */
export function discountCents(originalCents: number, percentage: number): number {
  return Math.round((originalCents * percentage) / 100);
}

/** SPEC 1: shown as whole kronor with the suffix kr (amount / 100, no decimals). */
export function formatKr(cents: number): string {
  return `${Math.round(cents / 100)} kr`;
}

/** For the books: kronor and öre with a decimal comma, as Swedish accounts write them (1 234,56 kr). */
export function formatKrOre(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  const kronor = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${sign}${kronor},${String(abs % 100).padStart(2, '0')}\u00a0kr`;
}

// Money is integer cents (öre) everywhere; kronor appear only when formatting.

/** A bonus-code discount of an order, rounded to whole cents (the price the booking records). */
export function discountCents(originalCents: number, percentage: number): number {
  return Math.round((originalCents * percentage) / 100);
}

/**
 * SPEC 1: whole kronor with the suffix kr (amount / 100, no decimals): 89 kr. An amount that has
 * öre (a percentage discount: 10 % off 89 kr is 80,10 kr) is shown to the öre with a decimal comma,
 * as the books hold it (issue 45): rounding it to 80 kr would tell the customer, the staff and the
 * accountant another price than the sale record's. Every amount shown goes through here.
 */
export function formatKr(cents: number): string {
  // Amounts that arrive in kronor and are multiplied by 100 (SPEC 9's dashboard revenue) may carry
  // a binary fraction: 80.1 * 100 is 8009.999999999999.
  const whole = Math.round(cents);
  if (whole % 100 === 0) return `${whole / 100} kr`;
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')} kr`;
}

/** For the books: kronor and öre with a decimal comma, as Swedish accounts write them (1 234,56 kr). */
export function formatKrOre(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  const kronor = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${sign}${kronor},${String(abs % 100).padStart(2, '0')}\u00a0kr`;
}

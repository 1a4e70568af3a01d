// Money is integer cents (öre) everywhere; kronor appear only when formatting.

/** A bonus-code discount of an order, rounded to whole cents (the price the booking records). */
export function discountCents(originalCents: number, percentage: number): number {
  return Math.round((originalCents * percentage) / 100);
}

/** SPEC 1: shown as whole kronor with the suffix kr (amount / 100, no decimals). */
export function formatKr(cents: number): string {
  return `${Math.round(cents / 100)} kr`;
}

// The order ticket being printed: each print a new ticket (n), gone once printed, so printing the
// page itself prints the board again.
import { useEffect, useState } from 'react';
import type { KitchenOrder } from '../board.js';

export function usePrintTicket() {
  const [printing, setPrinting] = useState<{ order: KitchenOrder; n: number } | null>(null);
  useEffect(() => {
    const printed = () => setPrinting(null);
    window.addEventListener('afterprint', printed);
    return () => window.removeEventListener('afterprint', printed);
  }, []);
  const print = (order: KitchenOrder) => setPrinting((current) => ({ order, n: (current?.n ?? 0) + 1 }));
  return { printing, print };
}

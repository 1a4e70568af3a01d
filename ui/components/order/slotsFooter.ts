// What the booking page's slot step tells the piece under its slots (the waitlist's prompt): the
// booking feature gives it, the waitlist feature takes it, and features do not import each other,
// so the shape they agree on lives here. The page (pages/(public)/index) wires the two together.
import type { Slot } from '../../../domain/answers/index.js';

export interface SlotsFooterState {
  date: string;
  slots: Slot[];
  count: number;
  capacity: number;
  /** The slot's label as the grid shows it ('Fullbokat', 'Endast N kvar'). */
  labelOf: (slot: Slot) => string;
  customer: { name: string; email: string };
  vipToken: string | null;
  online: boolean;
}

// The day's slots grouped by part of the day, so a phone shows one part at a time instead of
// 44 buttons above the menu (11:00–22:00 in 15-minute slots). Parts split at 14:00 and 17:00:
// a kiosk's lunch, afternoon and evening; a part without slots is left out.
import type { Slot } from '../../../../domain/answers/index.js';

export type DayPartKey = 'lunch' | 'afternoon' | 'evening';

export interface DayPart {
  key: DayPartKey;
  slots: Slot[];
  /** Slots that can take the whole order. */
  fitting: number;
}

const PARTS: ReadonlyArray<{ key: DayPartKey; until: string }> = [
  { key: 'lunch', until: '14:00' },
  { key: 'afternoon', until: '17:00' },
  { key: 'evening', until: '24:00' },
];

/** 'HH:mm' strings compare as times. */
export function dayPartOf(time: string): DayPartKey {
  return PARTS.find((part) => time < part.until)!.key;
}

export function dayParts(slots: readonly Slot[]): DayPart[] {
  return PARTS.map(({ key }) => {
    const own = slots.filter((slot) => dayPartOf(slot.time) === key);
    return { key, slots: own, fitting: own.filter((slot) => slot.can_accommodate).length };
  }).filter((part) => part.slots.length > 0);
}

/**
 * The part to show: the chosen time's, else the first part with a slot that fits the order
 * (the first fitting slot one tap away), else the first part.
 */
export function initialDayPart(parts: readonly DayPart[], chosenTime: string): DayPartKey | null {
  if (parts.length === 0) return null;
  if (chosenTime && parts.some((part) => part.key === dayPartOf(chosenTime))) return dayPartOf(chosenTime);
  return (parts.find((part) => part.fitting > 0) ?? parts[0]).key;
}

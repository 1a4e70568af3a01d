// What the dialog offers, loaded as it opens: the menu, the extras with their allergens, and
// capacity_per_window (a slot with all of it left reads 'Ledigt').
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.js';
import type { ExtraAnswer, Pizza } from '../../../../domain/answers/menu.js';
import { staffOrderTexts as texts } from '../texts.js';
import { getCapacity, getExtras, getMenu } from './staffOrder.js';

export function useOrderMenu(): { menu: Pizza[] | null; extras: ExtraAnswer[]; capacity: number } {
  const [menu, setMenu] = useState<Pizza[] | null>(null);
  const [extras, setExtras] = useState<ExtraAnswer[]>([]);
  const [capacity, setCapacity] = useState(Infinity);
  useEffect(() => {
    getCapacity().then(setCapacity, () => undefined);
    getMenu().then(setMenu, () => {
      setMenu([]);
      toast.error(texts.menuFailed);
    });
    getExtras().then(setExtras, () => setExtras([]));
  }, []);
  return { menu, extras, capacity };
}

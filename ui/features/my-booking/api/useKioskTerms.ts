// The kiosk's terms the booking shown is read with: the cut-off the too-late notice names (24 hours
// until the kiosk's settings say more) and capacity_per_window, which the move's slots are labelled by.
import { useState } from 'react';
import { CUSTOMER_CANCEL_MIN_MINUTES, customerCancelDeadlineMinutes } from '../../../../domain/kioskDay/schedule.js';
import { DEFAULT_CAPACITY_PER_WINDOW } from '../../../../domain/settings/defaults.js';
import { publicSettings } from './myBooking.js';

type Settings = Awaited<ReturnType<typeof publicSettings>>;

export function useKioskTerms() {
  const [capacity, setCapacity] = useState(DEFAULT_CAPACITY_PER_WINDOW);
  const [cutOffMinutes, setCutOffMinutes] = useState(CUSTOMER_CANCEL_MIN_MINUTES);
  return {
    capacity,
    cutOffMinutes,
    /** GET /settings, read beside each lookup; null when it cannot be read. */
    read: (): Promise<Settings | null> => publicSettings().catch(() => null),
    /** Takes the terms from the settings read. */
    learn(settings: Settings) {
      setCutOffMinutes(customerCancelDeadlineMinutes(settings));
      setCapacity(settings.capacity_per_window);
    },
  };
}

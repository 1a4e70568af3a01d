// The "Ny beställning" button of the kitchen board and the bookings screen (rule: staff-orders),
// with its keyboard shortcut N (anywhere outside a text field), and the dialog it opens.
import { useEffect, useState } from 'react';
import type { Booking } from '../../../../domain/answers/booking.js';
import { useDeviceToday } from '../../../components/useDeviceToday.js';
import dayjs from '../../../lib/dayjs.js';
import { staffOrderTexts as texts } from '../texts.js';
import { StaffOrderDialog } from './StaffOrderDialog.js';
import '../staff-order.css';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || !!target.closest('dialog'));

export function NewOrder({
  date,
  enabled,
  onPlaced,
}: {
  /** The day the screen shows (yyyy-MM-dd, or a list filter: 'today', 'tomorrow', '' for all): the order's date unless staff change it. */
  date: string;
  enabled: boolean;
  onPlaced: (booking: Booking) => void;
}) {
  const [open, setOpen] = useState(false);
  const today = useDeviceToday('');
  const orderDate = /^\d{4}-\d{2}-\d{2}$/.test(date)
    ? date
    : date === 'tomorrow'
      ? dayjs(today).add(1, 'day').format('YYYY-MM-DD')
      : today;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'n' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typing(event.target)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);

  return (
    <>
      <button
        type="button"
        className="btn btn--primary staff-order__open"
        disabled={!enabled}
        aria-keyshortcuts="N"
        title={texts.shortcutHint}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">+</span> {texts.open}
        <kbd className="staff-order__kbd" aria-hidden="true">
          {texts.shortcut}
        </kbd>
      </button>
      {open && orderDate && <StaffOrderDialog date={orderDate} onClose={() => setOpen(false)} onPlaced={onPlaced} />}
    </>
  );
}

// "Ny beställning" (rule: staff-orders): a counter or phone order, keyboard first. The fields come
// in the order staff hear them: where from (arrow keys), who (typed), which pizzas (Enter on each,
// again for two of one), when (the first slot with room is chosen already), then the rarely needed
// extras; Ctrl+Enter places the order from anywhere in the dialog. A full slot is taken only after
// the explicit "Ta beställningen ändå". Each pizza and extra shows its allergens before the order
// is placed, a pizza without a declaration marked for staff to tell (rule: staff-allergens).
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Dialog, DialogActions } from '../../../components/Dialog.js';
import { FieldError } from '../../../components/Field.js';
import { formatKr } from '../../../lib/format.js';
import type { Booking } from '../../../../domain/answers/booking.js';
import { useOrderMenu } from '../api/useOrderMenu.js';
import { useDaySlots } from '../api/useDaySlots.js';
import { usePlaceStaffOrder } from '../api/usePlaceStaffOrder.js';
import { orderToPlace, useOrderDraft } from '../hooks/useOrderDraft.js';
import { useCtrlEnterSubmit } from '../hooks/useCtrlEnterSubmit.js';
import { staffOrderTexts as texts } from '../texts.js';
import { MoreDetails, SourceChoice, WhoFields } from './OrderCustomerFields.js';
import { ChosenLines, PizzaPicker } from './PizzaPicker.js';
import { OrderTimeFields } from './OrderTimeFields.js';
import { FullSlotNotice } from './FullSlotNotice.js';

export function StaffOrderDialog({
  date: initialDate,
  onClose,
  onPlaced,
}: {
  /** The day the screen shows (the order's date unless staff change it). */
  date: string;
  onClose: () => void;
  onPlaced: (booking: Booking) => void;
}) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const { menu, extras, capacity } = useOrderMenu();
  const draft = useOrderDraft(initialDate, menu);
  const { slots, message: slotsMessage } = useDaySlots(draft.date, draft.count);
  const time = draft.timeIn(slots);
  const placing = usePlaceStaffOrder(onPlaced, onClose);
  const { busy, error, full, clearFull } = placing;
  const form = useCtrlEnterSubmit();

  // The dialog opens on "Disken": arrow keys choose where the order comes from.
  const firstRadio = useRef<HTMLInputElement>(null);
  useEffect(() => {
    firstRadio.current?.focus();
  }, []);

  const place = (overrideCapacity: boolean) => void placing.place(orderToPlace(draft, time, overrideCapacity));
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    place(false);
  }
  // A changed order or time is asked about again, if full.
  const add = (pizzaId: number, delta: number) => {
    clearFull();
    draft.add(pizzaId, delta);
  };

  return (
    <Dialog title={texts.title} onClose={onClose} busy={busy} wide className="modal--form staff-order">
      <form ref={form} noValidate onSubmit={submit} aria-describedby={error ? field('error') : undefined}>
        <SourceChoice field={field} value={draft.source} onChange={draft.setSource} firstRef={firstRadio} />
        <WhoFields
          field={field}
          details={draft.details}
          onChange={draft.setDetails}
          phoneRequired={draft.source === 'phone'}
        />
        <PizzaPicker
          field={field}
          menu={menu ?? []}
          extras={extras}
          qtyOf={(pizzaId) => draft.lines.find((l) => l.pizza.id === pizzaId)?.qty ?? 0}
          onAdd={(pizzaId) => add(pizzaId, 1)}
        />
        <ChosenLines
          lines={draft.lines}
          count={draft.count}
          total={draft.total}
          onRemove={(pizzaId) => add(pizzaId, -1)}
        />
        <OrderTimeFields
          field={field}
          date={draft.date}
          time={time}
          slots={slots}
          slotsMessage={slotsMessage}
          capacity={capacity}
          onDate={(next) => {
            draft.chooseDate(next);
            clearFull();
          }}
          onTime={(next) => {
            draft.chooseTime(next);
            clearFull();
          }}
        />
        <MoreDetails field={field} details={draft.details} onChange={draft.setDetails} />
        {full && <FullSlotNotice message={full} busy={busy} onConfirm={() => place(true)} onBack={clearFull} />}
        <FieldError id={field('error')} text={error} />
        <p className="hint staff-order__hint">{texts.submitHint}</p>
        <DialogActions
          busy={busy}
          submitDisabled={full !== null}
          submitLabel={busy ? texts.placing : texts.submit(formatKr(draft.total))}
        />
      </form>
    </Dialog>
  );
}

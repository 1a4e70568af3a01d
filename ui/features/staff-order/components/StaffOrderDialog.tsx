// "Ny beställning" (rule: staff-orders): a counter or phone order, keyboard first. The fields come
// in the order staff hear them: where from (arrow keys), who (typed), which pizzas (Enter on each,
// again for two of one), when (the first slot with room is chosen already), then the rarely needed
// extras; Ctrl+Enter places the order from anywhere in the dialog. A full slot is taken only after
// the explicit "Ta beställningen ändå". Each pizza and extra shows its allergens before the order
// is placed, a pizza without a declaration marked for staff to tell (rule: staff-allergens).
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.js';
import { Dialog, DialogActions } from '../../../components/Dialog.js';
import { Field, FieldError, fieldControl } from '../../../components/Field.js';
import { ApiError, errorText } from '../../../lib/api.js';
import { formatDateLong, formatKr, newKey } from '../../../lib/format.js';
import { customerTexts } from '../../../lib/texts.js';
import { msg } from '../../../../domain/messages.js';
import type { Booking, Slot } from '../../../../domain/answers/booking.js';
import type { ExtraAnswer, Pizza } from '../../../../domain/answers/menu.js';
import { allergensText } from '../../../../domain/menu/allergens.js';
import type { StaffOrderSource } from '../../../../domain/kioskDay/orderSource.js';
import { getCapacity, getExtras, getMenu, getSlots, placeStaffOrder, type StaffOrderInput } from '../api/staffOrder.js';
import { staffOrderTexts as texts } from '../texts.js';

/** A slot's state as the booking page words it (its label reads without colour). */
const slotState = (slot: Slot, capacity: number) =>
  slot.capacity_remaining <= 0
    ? customerTexts.full
    : slot.capacity_remaining < capacity
      ? customerTexts.onlyLeft(slot.capacity_remaining)
      : customerTexts.free;

/**
 * What staff tell before the order is placed (rule: staff-allergens; Livsmedelsverket's example of
 * distance selling is a pizza ordered by phone:
 * https://kontrollwiki.livsmedelsverket.se/artikel/51/distansforsaljning-inte-fardigforpackade-livsmedel):
 * the declared allergens, or that the pizza has no declaration.
 */
const allergenNote = (pizza: Pick<Pizza, 'allergens' | 'allergens_declared' | 'allergen_kinds'>) =>
  pizza.allergens_declared ? texts.allergens(allergensText(pizza.allergens, pizza.allergen_kinds)) : texts.undeclared;

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
  const [source, setSource] = useState<StaffOrderSource>('counter');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [dineIn, setDineIn] = useState(false);
  const [comment, setComment] = useState('');
  const [date, setDate] = useState(initialDate);
  const [chosenTime, setChosenTime] = useState<string | null>(null);
  const [qty, setQty] = useState<ReadonlyMap<number, number>>(new Map());
  const [menu, setMenu] = useState<Pizza[] | null>(null);
  const [extras, setExtras] = useState<ExtraAnswer[]>([]);
  // capacity_per_window: a slot with all of it left reads 'Ledigt'.
  const [capacity, setCapacity] = useState(Infinity);
  const [slots, setSlots] = useState<Slot[]>([]);
  const [slotsMessage, setSlotsMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [full, setFull] = useState<string | null>(null);
  // One key per order: a press sent again (a lost answer) places it once.
  const key = useRef(newKey());
  const overrideButton = useRef<HTMLButtonElement>(null);
  const firstRadio = useRef<HTMLInputElement>(null);

  const count = [...qty.values()].reduce((sum, n) => sum + n, 0);
  const lines = useMemo(
    () => (menu ?? []).filter((p) => (qty.get(p.id) ?? 0) > 0).map((p) => ({ pizza: p, qty: qty.get(p.id)! })),
    [menu, qty],
  );
  const total = lines.reduce((sum, l) => sum + l.qty * l.pizza.price_cents, 0);
  // Until staff pick a time, the first slot with room for the whole order.
  const time = chosenTime ?? slots.find((s) => s.can_accommodate)?.time ?? null;

  useEffect(() => {
    firstRadio.current?.focus();
    getCapacity().then(setCapacity, () => undefined);
    getMenu().then(setMenu, () => {
      setMenu([]);
      toast.error(texts.menuFailed);
    });
    getExtras().then(setExtras, () => setExtras([]));
  }, []);

  useEffect(() => {
    let current = true;
    getSlots(date, Math.max(1, count)).then(
      (answer) => {
        if (!current) return;
        setSlots(answer.slots);
        setSlotsMessage(answer.slots.length === 0 ? answer.message : null);
      },
      () => current && toast.error(texts.slotsFailed),
    );
    return () => {
      current = false;
    };
  }, [date, count]);

  useEffect(() => {
    if (full) overrideButton.current?.focus();
  }, [full]);

  // Ctrl+Enter (⌘+Enter) places the order from any field or button of the dialog: pressing the
  // submit button itself would cost a trip of Tabs past the extras.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const element = form.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      element?.requestSubmit();
    };
    element?.addEventListener('keydown', onKey);
    return () => element?.removeEventListener('keydown', onKey);
  }, []);

  const add = (pizzaId: number, delta: number) => {
    setFull(null);
    setQty((current) => {
      const next = new Map(current);
      const n = (next.get(pizzaId) ?? 0) + delta;
      if (n > 0) next.set(pizzaId, n);
      else next.delete(pizzaId);
      return next;
    });
  };

  async function place(overrideCapacity: boolean) {
    if (busy) return;
    if (count === 0) return setError(msg.atLeastOnePizza);
    if (!time) return setError(msg.timeRequired);
    const input: StaffOrderInput = {
      source,
      date,
      time,
      name: name || null,
      phone: phone || null,
      email: email || null,
      dine_in: dineIn,
      comment: comment || null,
      items: lines.map((l) => ({ pizza_id: l.pizza.id, qty: l.qty })),
      override_capacity: overrideCapacity,
    };
    setBusy(true);
    setError(undefined);
    try {
      const { booking } = await placeStaffOrder(input, key.current);
      toast.success(texts.placed(booking.id));
      onPlaced(booking);
      onClose();
    } catch (failure) {
      // A full slot asks first (rule: staff-orders); any other refusal is shown in the form.
      if (failure instanceof ApiError && failure.status === 409 && failure.message !== msg.idempotencyKeyReused)
        setFull(failure.message);
      else setError(errorText(failure, texts.failed));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void place(false);
  }

  const field = (name: string) => `${id}-${name}`;
  const phoneRequired = source === 'phone';

  return (
    <Dialog title={texts.title} onClose={onClose} busy={busy} wide className="modal--form staff-order">
      <form ref={form} noValidate onSubmit={submit} aria-describedby={error ? field('error') : undefined}>
        <fieldset className="staff-order__source">
          <legend className="field__label">{texts.source}</legend>
          {(['counter', 'phone'] as const).map((value) => (
            <label key={value} className="chip staff-order__chip">
              <input
                ref={value === 'counter' ? firstRadio : undefined}
                type="radio"
                name={field('source')}
                value={value}
                checked={source === value}
                onChange={() => setSource(value)}
              />
              {value === 'counter' ? texts.counter : texts.phone}
            </label>
          ))}
        </fieldset>

        <div className="form-grid">
          <Field id={field('name')} label={phoneRequired ? texts.name : texts.nameOptional}>
            <input
              {...fieldControl(field('name'))}
              autoComplete="off"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Field id={field('phone')} label={texts.phoneNumber}>
            <input
              {...fieldControl(field('phone'))}
              type="tel"
              autoComplete="off"
              required={phoneRequired}
              aria-required={phoneRequired}
              value={phone}
              maxLength={40}
              onChange={(e) => setPhone(e.target.value)}
            />
          </Field>
        </div>

        <fieldset className="staff-order__menu">
          <legend className="field__label">{texts.pizzas}</legend>
          <ul className="staff-order__pizzas">
            {(menu ?? []).map((pizza) => {
              const n = qty.get(pizza.id) ?? 0;
              return (
                <li key={pizza.id}>
                  <button
                    type="button"
                    className={`staff-order__pizza${n > 0 ? ' staff-order__pizza--chosen' : ''}${pizza.allergens_declared ? '' : ' staff-order__pizza--undeclared'}`}
                    aria-label={texts.add(pizza.name)}
                    aria-describedby={field(`allergens-${pizza.id}`)}
                    onClick={() => add(pizza.id, 1)}
                  >
                    <span className="staff-order__pizza-name">{pizza.name}</span>
                    <span className="staff-order__pizza-price">{formatKr(pizza.price_cents)}</span>
                    <span id={field(`allergens-${pizza.id}`)} className="staff-order__allergens">
                      {allergenNote(pizza)}
                    </span>
                    {n > 0 && (
                      <span className="staff-order__qty" aria-hidden="true">
                        {n}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
          {extras.length > 0 && (
            <details className="staff-order__extras">
              <summary>{texts.extras}</summary>
              <ul>
                {extras.map((extra) => (
                  <li key={extra.id}>
                    {texts.extraLine(
                      extra.name,
                      formatKr(extra.price_cents),
                      allergensText(extra.allergens, extra.allergen_kinds),
                    )}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </fieldset>

        <section className="staff-order__chosen" aria-label={texts.chosen} aria-live="polite">
          {lines.length === 0 ? (
            <p className="hint">{texts.nothingChosen}</p>
          ) : (
            <ul>
              {lines.map((l) => (
                <li key={l.pizza.id}>
                  <button
                    type="button"
                    className="stepper__btn staff-order__remove"
                    aria-label={texts.remove(l.pizza.name)}
                    onClick={() => add(l.pizza.id, -1)}
                  >
                    <span aria-hidden="true">−</span>
                  </button>
                  <span>
                    {l.qty} × {l.pizza.name}
                    <span className="staff-order__line-allergens">{allergenNote(l.pizza)}</span>
                  </span>
                  <span>{formatKr(l.qty * l.pizza.price_cents)}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="staff-order__total">
            <span>
              {texts.total}: {texts.count(count)}
            </span>
            <strong>{formatKr(total)}</strong>
          </p>
        </section>

        <div className="form-grid">
          <Field id={field('date')} label={texts.date} hint={formatDateLong(date)}>
            <input
              {...fieldControl(field('date'), undefined, formatDateLong(date))}
              type="date"
              value={date}
              onChange={(e) => {
                if (!e.target.value) return;
                setDate(e.target.value);
                setChosenTime(null);
                setFull(null);
              }}
            />
          </Field>
          <Field id={field('time')} label={texts.time} hint={slotsMessage ?? undefined}>
            <select
              {...fieldControl(field('time'), undefined, slotsMessage ?? undefined)}
              value={time ?? ''}
              onChange={(e) => {
                setChosenTime(e.target.value || null);
                setFull(null);
              }}
            >
              {slots.length === 0 && <option value="">{texts.noSlots}</option>}
              {slots.map((slot) => (
                <option key={slot.time} value={slot.time}>
                  {texts.slotOption(slot.time, slotState(slot, capacity))}
                </option>
              ))}
            </select>
          </Field>
        </div>

        <details className="staff-order__more">
          <summary>{texts.more}</summary>
          <Field id={field('email')} label={texts.email}>
            <input
              {...fieldControl(field('email'))}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <label className="check">
            <input type="checkbox" checked={dineIn} onChange={(e) => setDineIn(e.target.checked)} />
            {texts.dineIn}
          </label>
          <Field id={field('comment')} label={texts.comment}>
            <textarea
              {...fieldControl(field('comment'))}
              rows={2}
              maxLength={1000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </Field>
        </details>

        {full && (
          <div className="notice staff-order__full" role="alert">
            <p>
              <strong>{texts.overrideTitle}.</strong> {full}
            </p>
            <div className="actions">
              <button
                ref={overrideButton}
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() => void place(true)}
              >
                {texts.overrideConfirm}
              </button>
              <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setFull(null)}>
                {texts.overrideBack}
              </button>
            </div>
          </div>
        )}

        <FieldError id={field('error')} text={error} />
        <p className="hint staff-order__hint">{texts.submitHint}</p>
        <DialogActions
          busy={busy}
          submitDisabled={full !== null}
          submitLabel={busy ? texts.placing : texts.submit(formatKr(total))}
        />
      </form>
    </Dialog>
  );
}

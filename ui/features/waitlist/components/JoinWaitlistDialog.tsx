// The waitlist's join dialog (JoinWaitlist.tsx opens it): the time, name, e-mail and pizzas, and
// what happens next. Loaded when the customer asks for it, apart from the booking page's first
// JavaScript.
import { useState, type FormEvent } from 'react';
import type { Slot } from '../../../../domain/answers/index.js';
import type { SlotsFooterState } from '../../../components/order/slotsFooter.js';
import { Dialog, DialogActions, closeDialogOf } from '../../../components/Dialog.js';
import { Field, FieldError, fieldControl } from '../../../components/Field.js';
import { errorText, isNetworkError } from '../../../lib/api.js';
import { customerTexts } from '../../../lib/texts.js';
import { check } from '../../../lib/formErrors.js';
import { waitlistJoinSchema } from '../../../../domain/payloads.js';
import { minOf } from '../../../lib/schemaLimits.js';
import { joinWaitlist } from '../api/waitlist.js';
import { waitlistTexts } from '../texts.js';

/** The prompt's props (the booking page's slots footer) and the times that cannot take the order. */
export function JoinWaitlistDialog(props: SlotsFooterState & { times: Slot[]; onClose: () => void }) {
  const { date, times, capacity, labelOf, vipToken, onClose } = props;
  const [time, setTime] = useState(times[0].time);
  const [name, setName] = useState(props.customer.name);
  const [email, setEmail] = useState(props.customer.email);
  const [pizzas, setPizzas] = useState(String(props.count));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // React events bubble through the portal to the booking form around the prompt: not its submit.
    event.stopPropagation();
    if (busy) return;
    const checked = check(waitlistJoinSchema, {
      date,
      time,
      name,
      email,
      requested_pizzas: pizzas,
      ...(vipToken ? { vip_token: vipToken } : {}),
    });
    setErrors(checked.ok ? {} : checked.errors);
    setError('');
    if (!checked.ok) return;
    setBusy(true);
    try {
      const answer = await joinWaitlist(checked.data);
      setJoined(answer.message);
    } catch (e) {
      setError(isNetworkError(e) ? customerTexts.networkFailed : errorText(e, waitlistTexts.joinFailed));
    } finally {
      setBusy(false);
    }
  }

  if (joined) {
    return (
      <Dialog title={waitlistTexts.joinTitle(time)} onClose={onClose} focusTitle>
        <p className="status-box" role="status">
          {joined}
        </p>
        <div className="actions modal__actions">
          <button type="button" className="btn btn--primary" onClick={(e) => closeDialogOf(e.currentTarget)}>
            {waitlistTexts.close}
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={waitlistTexts.joinTitle(time)} onClose={onClose} busy={busy} className="modal--form">
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-describedby={error ? 'waitlist-join-error' : undefined}
      >
        <Field id="waitlist-time" label={waitlistTexts.time} error={errors.time}>
          <select
            {...fieldControl('waitlist-time', errors.time)}
            value={time}
            onChange={(e) => setTime(e.target.value)}
          >
            {times.map((slot) => (
              <option key={slot.time} value={slot.time}>
                {waitlistTexts.timeOption(slot.time, labelOf(slot))}
              </option>
            ))}
          </select>
        </Field>
        <Field id="waitlist-name" label={waitlistTexts.name} error={errors.name}>
          <input
            {...fieldControl('waitlist-name', errors.name)}
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field id="waitlist-email" label={waitlistTexts.email} error={errors.email} hint={waitlistTexts.emailHint}>
          <input
            {...fieldControl('waitlist-email', errors.email, waitlistTexts.emailHint)}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field id="waitlist-pizzas" label={waitlistTexts.pizzas} error={errors.requested_pizzas}>
          <input
            {...fieldControl('waitlist-pizzas', errors.requested_pizzas)}
            type="number"
            inputMode="numeric"
            min={minOf(waitlistJoinSchema.shape.requested_pizzas)}
            max={capacity}
            value={pizzas}
            onChange={(e) => setPizzas(e.target.value)}
          />
        </Field>
        <FieldError id="waitlist-join-error" text={error} />
        <DialogActions
          busy={busy}
          submitLabel={busy ? waitlistTexts.joining : waitlistTexts.join}
          cancelLabel={waitlistTexts.close}
        />
      </form>
    </Dialog>
  );
}

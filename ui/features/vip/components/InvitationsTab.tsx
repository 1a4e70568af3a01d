// Invitations: choose active customers, a subject, a message with {name}, validity and an
// optional VIP date, checked with the domain's vipInvitationSchema; then the invitations sent.
import { named, useKiosk } from '../../../lib/kiosk.js';
import { useState, type FormEvent } from 'react';
import { Field, FieldError, fieldControl } from '../../../components/Field.js';
import { Instant } from '../../../components/Instant.js';
import { useAction } from '../../../components/useAction.js';
import { check, type FieldErrors } from '../../../lib/formErrors.js';
import { formatDateLong, formatDateShort } from '../../../lib/format.js';
import {
  VIP_INVITATION_HOURS,
  sendInvitations,
  vipInvitationSchema,
  type VipCustomer,
  type VipDate,
  type VipInvitation,
} from '../api/vip.js';
import { vipTexts } from '../texts.js';
import { VipDateOptions } from './VipDateOptions.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';

interface Props {
  customers: VipCustomer[];
  dates: VipDate[];
  sent: VipInvitation[];
  presetDate: string;
  enabled: boolean;
  reloadSent: () => Promise<unknown>;
}

export function InvitationsTab({ customers, dates, sent, presetDate, enabled, reloadSent }: Props) {
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  // The default invitation in the kiosk's own name (rule: kiosk-identity).
  const kiosk = useKiosk();
  const [subject, setSubject] = useState(() => named(vipTexts.defaultSubject, kiosk.name));
  const [message, setMessage] = useState(() => named(vipTexts.defaultMessage, kiosk.name));
  const [hours, setHours] = useState(String(VIP_INVITATION_HOURS.default));
  const [date, setDate] = useState(presetDate);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run } = useAction();

  // Rule vip-unsubscribe: one who unsubscribed is not offered (the server refuses them too).
  const active = customers.filter((c) => c.active && !c.unsubscribed_at);
  const unsubscribed = customers.filter((c) => c.active && c.unsubscribed_at).length;
  const allChosen = active.length > 0 && active.every((c) => chosen.has(c.id));

  function toggle(id: number, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  }

  function send(event: FormEvent) {
    event.preventDefault();
    const checked = check(vipInvitationSchema, {
      customer_ids: [...chosen],
      subject,
      message,
      expires_hours: hours,
      vip_date_id: date || null,
    });
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) {
      const first = Object.keys(checked.errors)[0];
      document
        .getElementById(
          first === 'customer_ids' ? 'invite-customers' : `invite-${first === 'expires_hours' ? 'hours' : first}`,
        )
        ?.focus();
      return;
    }
    void run('send', () => sendInvitations(checked.data), {
      success: (answer) => vipTexts.invitationsSent(answer.sent),
      failure: vipTexts.sendFailed,
      reload: async () => {
        setChosen(new Set());
        await reloadSent();
      },
    });
  }

  return (
    <>
      <h2>{vipTexts.sendTitle}</h2>
      <form className="card invite-form" noValidate onSubmit={send}>
        <fieldset
          className="invite-customers"
          aria-describedby={errors.customer_ids ? 'invite-customers-error' : undefined}
        >
          <legend className="field__label">{vipTexts.recipients}</legend>
          {active.length === 0 ? (
            <p className="hint">{vipTexts.addActiveFirst}</p>
          ) : (
            <>
              <label className="check invite-customers__all" id="invite-customers" tabIndex={-1}>
                <input
                  type="checkbox"
                  checked={allChosen}
                  onChange={(e) => setChosen(e.target.checked ? new Set(active.map((c) => c.id)) : new Set())}
                />
                <span>{vipTexts.chooseAll(active.length)}</span>
              </label>
              <ul className="invite-customers__list">
                {active.map((c) => (
                  <li key={c.id}>
                    <label className="check">
                      <input
                        type="checkbox"
                        checked={chosen.has(c.id)}
                        onChange={(e) => toggle(c.id, e.target.checked)}
                      />
                      <span>
                        {c.name} <span className="muted">{c.email}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </>
          )}
          {unsubscribed > 0 && <p className="hint">{vipTexts.unsubscribedLeftOut(unsubscribed)}</p>}
          <FieldError id="invite-customers-error" text={errors.customer_ids} />
        </fieldset>
        <Field id="invite-subject" label={vipTexts.subject} error={errors.subject}>
          <input
            {...fieldControl('invite-subject', errors.subject)}
            maxLength={maxLengthOf(vipInvitationSchema.shape.subject)}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
          />
        </Field>
        <Field id="invite-message" label={vipTexts.message} error={errors.message} hint={vipTexts.messageHint}>
          <textarea
            {...fieldControl('invite-message', errors.message, vipTexts.messageHint)}
            rows={6}
            maxLength={maxLengthOf(vipInvitationSchema.shape.message)}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </Field>
        <div className="form-grid">
          <Field
            id="invite-hours"
            label={vipTexts.invitationHours(VIP_INVITATION_HOURS.min, VIP_INVITATION_HOURS.max)}
            error={errors.expires_hours}
          >
            <input
              {...fieldControl('invite-hours', errors.expires_hours)}
              type="number"
              inputMode="numeric"
              min={VIP_INVITATION_HOURS.min}
              max={VIP_INVITATION_HOURS.max}
              step={1}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
            />
          </Field>
          <Field id="invite-date" label={vipTexts.invitationDate}>
            <select {...fieldControl('invite-date')} value={date} onChange={(e) => setDate(e.target.value)}>
              <option value="">{vipTexts.noDate}</option>
              {date && !dates.some((d) => d.id === date) && <option value={date}>{formatDateLong(date)}</option>}
              <VipDateOptions dates={dates} />
            </select>
          </Field>
        </div>
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={!enabled || busy !== null}>
            {busy ? vipTexts.sending : chosen.size > 0 ? vipTexts.sendCount(chosen.size) : vipTexts.send}
          </button>
        </div>
      </form>

      <h2>{vipTexts.sentTitle}</h2>
      {sent.length === 0 ? (
        <p className="card">{vipTexts.noneSent}</p>
      ) : (
        <table className="bookings-table planning-table">
          <caption className="visually-hidden">{vipTexts.sentTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{vipTexts.customer}</th>
              <th scope="col">{vipTexts.subject}</th>
              <th scope="col">{vipTexts.vipDate}</th>
              <th scope="col">{vipTexts.sentAt}</th>
              <th scope="col">{vipTexts.validUntil}</th>
            </tr>
          </thead>
          <tbody>
            {sent.map((i) => (
              <tr key={i.id}>
                <td data-label={vipTexts.customer}>
                  <strong>{i.name}</strong>
                  <br />
                  <span className="muted">{i.email}</span>
                </td>
                <td data-label={vipTexts.subject}>{i.subject}</td>
                <td data-label={vipTexts.vipDate}>{i.vip_date ? formatDateShort(i.vip_date) : vipTexts.none}</td>
                <td data-label={vipTexts.sentAt}>
                  <Instant iso={i.sent_at} />
                </td>
                <td data-label={vipTexts.validUntil}>
                  <Instant iso={i.expires_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

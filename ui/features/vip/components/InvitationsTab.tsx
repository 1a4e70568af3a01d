// Invitations: choose active customers, a subject, a message with {name}, validity and an
// optional VIP date, checked with the domain's vipInvitationSchema (hooks/useInvitationForm); then
// the invitations sent.
import { Field, fieldControl } from '../../../components/Field.js';
import { formatDateLong } from '../../../lib/format.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';
import {
  VIP_INVITATION_HOURS,
  vipInvitationSchema,
  type VipCustomer,
  type VipDate,
  type VipInvitation,
} from '../api/vip.js';
import { useInvitationForm } from '../hooks/useInvitationForm.js';
import { vipTexts } from '../texts.js';
import { InviteRecipients } from './InviteRecipients.js';
import { SentInvitations } from './SentInvitations.js';
import { VipDateOptions } from './VipDateOptions.js';

interface Props {
  customers: VipCustomer[];
  dates: VipDate[];
  sent: VipInvitation[];
  presetDate: string;
  enabled: boolean;
  reloadSent: () => Promise<unknown>;
}

export function InvitationsTab({ customers, dates, sent, presetDate, enabled, reloadSent }: Props) {
  const form = useInvitationForm({ presetDate, reloadSent });
  const { chosen, errors, date } = form;

  return (
    <>
      <h2>{vipTexts.sendTitle}</h2>
      <form className="card invite-form" noValidate onSubmit={form.send}>
        <InviteRecipients customers={customers} chosen={chosen} error={errors.customer_ids} onChosen={form.setChosen} />
        <Field id="invite-subject" label={vipTexts.subject} error={errors.subject}>
          <input
            {...fieldControl('invite-subject', errors.subject)}
            maxLength={maxLengthOf(vipInvitationSchema.shape.subject)}
            value={form.subject}
            onChange={(e) => form.setSubject(e.target.value)}
          />
        </Field>
        <Field id="invite-message" label={vipTexts.message} error={errors.message} hint={vipTexts.messageHint}>
          <textarea
            {...fieldControl('invite-message', errors.message, vipTexts.messageHint)}
            rows={6}
            maxLength={maxLengthOf(vipInvitationSchema.shape.message)}
            value={form.message}
            onChange={(e) => form.setMessage(e.target.value)}
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
              value={form.hours}
              onChange={(e) => form.setHours(e.target.value)}
            />
          </Field>
          <Field id="invite-date" label={vipTexts.invitationDate}>
            <select {...fieldControl('invite-date')} value={date} onChange={(e) => form.setDate(e.target.value)}>
              <option value="">{vipTexts.noDate}</option>
              {date && !dates.some((d) => d.id === date) && <option value={date}>{formatDateLong(date)}</option>}
              <VipDateOptions dates={dates} />
            </select>
          </Field>
        </div>
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={!enabled || form.busy !== null}>
            {form.busy ? vipTexts.sending : chosen.size > 0 ? vipTexts.sendCount(chosen.size) : vipTexts.send}
          </button>
        </div>
      </form>
      <SentInvitations sent={sent} />
    </>
  );
}

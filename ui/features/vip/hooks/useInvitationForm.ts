// The invitation form's state: the chosen customers, subject, message, validity and VIP date,
// checked with the domain's vipInvitationSchema before sending; a refused field gets the focus.
import { useState, type FormEvent } from 'react';
import { named, useKiosk } from '../../../lib/kiosk.js';
import { useAction } from '../../../components/useAction.js';
import { check, type FieldErrors } from '../../../lib/formErrors.js';
import { VIP_INVITATION_HOURS, sendInvitations, vipInvitationSchema } from '../api/vip.js';
import { vipTexts } from '../texts.js';

/** The form's element for a refused field: the recipients' "choose all" or the field's own. */
const fieldId = (field: string) =>
  field === 'customer_ids' ? 'invite-customers' : `invite-${field === 'expires_hours' ? 'hours' : field}`;

export function useInvitationForm({
  presetDate,
  reloadSent,
}: {
  presetDate: string;
  reloadSent: () => Promise<unknown>;
}) {
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  // The default invitation in the kiosk's own name (rule: kiosk-identity).
  const kiosk = useKiosk();
  const [subject, setSubject] = useState(() => named(vipTexts.defaultSubject, kiosk.name));
  const [message, setMessage] = useState(() => named(vipTexts.defaultMessage, kiosk.name));
  const [hours, setHours] = useState(String(VIP_INVITATION_HOURS.default));
  const [date, setDate] = useState(presetDate);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run } = useAction();

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
      document.getElementById(fieldId(Object.keys(checked.errors)[0]))?.focus();
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

  return {
    chosen,
    setChosen,
    subject,
    setSubject,
    message,
    setMessage,
    hours,
    setHours,
    date,
    setDate,
    errors,
    busy,
    send,
  };
}

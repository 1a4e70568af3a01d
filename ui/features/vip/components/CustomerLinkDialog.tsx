// A personal VIP link for one customer: hours (clamped by the domain's limits) and an optional
// VIP date; the link is shown with a copy button.
import { useState } from 'react';
import { FormDialog } from '../../../components/Dialog.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { LinkResult } from '../../../components/LinkResult.js';
import { commonTexts } from '../../../components/commonTexts.js';
import { useAction } from '../../../components/useAction.js';
import {
  VIP_LINK_HOURS,
  clampLinkHours,
  createCustomerLink,
  type VipCustomer,
  type VipDate,
  type VipLink,
} from '../api/vip.js';
import { vipTexts } from '../texts.js';
import { VipDateOptions } from './VipDateOptions.js';

export function CustomerLinkDialog({
  customer,
  dates,
  onClose,
}: {
  customer: VipCustomer;
  dates: VipDate[];
  onClose: () => void;
}) {
  const [hours, setHours] = useState(String(VIP_LINK_HOURS.default));
  const [date, setDate] = useState('');
  const [link, setLink] = useState<VipLink | null>(null);
  const { busy, run } = useAction();

  function create() {
    const expires_hours = clampLinkHours(Number(hours));
    setHours(String(expires_hours));
    void run(
      'link',
      () => createCustomerLink({ vip_customer_id: customer.id, expires_hours, vip_date_id: date || null }),
      {
        success: vipTexts.linkCreated,
        failure: vipTexts.linkFailed,
        reload: setLink,
      },
    );
  }

  return (
    <FormDialog
      title={vipTexts.linkTitle(customer.name)}
      className="planning-modal"
      submitLabel={link ? vipTexts.createNewLink : vipTexts.createLink}
      busyLabel={vipTexts.creating}
      cancelLabel={commonTexts.close}
      busy={busy !== null}
      onSubmit={create}
      onClose={onClose}
      after={link && <LinkResult url={link.url} expiresAt={link.expires_at} />}
    >
      <div className="form-grid">
        <Field id="link-hours" label={vipTexts.linkHours(VIP_LINK_HOURS.min, VIP_LINK_HOURS.max)}>
          <input
            {...fieldControl('link-hours')}
            type="number"
            inputMode="numeric"
            min={VIP_LINK_HOURS.min}
            max={VIP_LINK_HOURS.max}
            step={1}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
          />
        </Field>
        <Field id="link-date" label={vipTexts.linkDate}>
          <select {...fieldControl('link-date')} value={date} onChange={(e) => setDate(e.target.value)}>
            <option value="">{vipTexts.anyOpenDay}</option>
            <VipDateOptions dates={dates} />
          </select>
        </Field>
      </div>
    </FormDialog>
  );
}

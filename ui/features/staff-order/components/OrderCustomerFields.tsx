// Where the order comes from and who it is for (typed as staff hear them), and the rarely needed
// rest behind "E-post, äta här och kommentar". A phone order needs the number (rule: staff-orders).
import type { Ref } from 'react';
import { Field, fieldControl } from '../../../components/Field.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';
import type { StaffOrderSource } from '../../../../domain/kioskDay/orderSource.js';
import type { OrderDetails } from '../hooks/useOrderDraft.js';
import { staffOrderPayloadSchema } from '../api/staffOrder.js';
import { staffOrderTexts as texts } from '../texts.js';

/** The texts' limits, as the server checks them. */
const MAX = {
  name: maxLengthOf(staffOrderPayloadSchema.shape.name),
  phone: maxLengthOf(staffOrderPayloadSchema.shape.phone),
  comment: maxLengthOf(staffOrderPayloadSchema.shape.comment),
};

/** The dialog's control ids: `${dialog id}-${name}`. */
export type FieldId = (name: string) => string;

/** Disken or Telefon, by arrow keys; `firstRef` is the radio the dialog focuses as it opens. */
export function SourceChoice({
  field,
  value,
  onChange,
  firstRef,
}: {
  field: FieldId;
  value: StaffOrderSource;
  onChange: (source: StaffOrderSource) => void;
  firstRef: Ref<HTMLInputElement>;
}) {
  return (
    <fieldset className="staff-order__source">
      <legend className="field__label">{texts.source}</legend>
      {(['counter', 'phone'] as const).map((source) => (
        <label key={source} className="chip staff-order__chip">
          <input
            ref={source === 'counter' ? firstRef : undefined}
            type="radio"
            name={field('source')}
            value={source}
            checked={value === source}
            onChange={() => onChange(source)}
          />
          {source === 'counter' ? texts.counter : texts.phone}
        </label>
      ))}
    </fieldset>
  );
}

interface DetailsProps {
  field: FieldId;
  details: OrderDetails;
  onChange: (patch: Partial<OrderDetails>) => void;
}

/** Name and number; for a phone order the number is required and the name no longer optional. */
export function WhoFields({ field, details, onChange, phoneRequired }: DetailsProps & { phoneRequired: boolean }) {
  return (
    <div className="form-grid">
      <Field id={field('name')} label={phoneRequired ? texts.name : texts.nameOptional}>
        <input
          {...fieldControl(field('name'))}
          autoComplete="off"
          value={details.name}
          maxLength={MAX.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </Field>
      <Field id={field('phone')} label={texts.phoneNumber}>
        <input
          {...fieldControl(field('phone'))}
          type="tel"
          autoComplete="off"
          required={phoneRequired}
          aria-required={phoneRequired}
          value={details.phone}
          maxLength={MAX.phone}
          onChange={(e) => onChange({ phone: e.target.value })}
        />
      </Field>
    </div>
  );
}

/** E-mail (for a confirmation), eat here, and a comment, folded away. */
export function MoreDetails({ field, details, onChange }: DetailsProps) {
  return (
    <details className="staff-order__more">
      <summary>{texts.more}</summary>
      <Field id={field('email')} label={texts.email}>
        <input
          {...fieldControl(field('email'))}
          type="email"
          autoComplete="off"
          value={details.email}
          onChange={(e) => onChange({ email: e.target.value })}
        />
      </Field>
      <label className="check">
        <input type="checkbox" checked={details.dine_in} onChange={(e) => onChange({ dine_in: e.target.checked })} />
        {texts.dineIn}
      </label>
      <Field id={field('comment')} label={texts.comment}>
        <textarea
          {...fieldControl(field('comment'))}
          rows={2}
          maxLength={MAX.comment}
          value={details.comment}
          onChange={(e) => onChange({ comment: e.target.value })}
        />
      </Field>
    </details>
  );
}

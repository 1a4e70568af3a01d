// The log's filters (rule: mail): status, kind and booking number, and clearing them.
import { Field, fieldControl } from '../../../components/Field.js';
import { MAIL_KINDS, MAIL_KIND_LABELS, MAIL_STATUSES, MAIL_STATUS_LABELS } from '../../../../domain/mail/mailLog.js';
import { NO_FILTERS, type MailFilters } from '../api/mails.js';
import { mailTexts as texts } from '../texts.js';
import { mailsQuerySchema } from '../../../../domain/payloads.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';

export function MailFiltersForm({
  filters,
  onChange,
  enabled,
}: {
  filters: MailFilters;
  /** typing: a booking number being typed (the list follows once typing pauses). */
  onChange: (next: MailFilters, typing?: boolean) => void;
  enabled: boolean;
}) {
  const filtered = filters.status !== '' || filters.kind !== '' || filters.booking_id !== '';
  return (
    // A group, not a form: the filters apply as they change, there is nothing to submit.
    <div className="filters card mail-filters" role="group" aria-label={texts.filters}>
      <Field id="mail-status" label={texts.status}>
        <select
          {...fieldControl('mail-status')}
          value={filters.status}
          disabled={!enabled}
          onChange={(e) => onChange({ ...filters, status: e.target.value as MailFilters['status'] })}
        >
          <option value="">{texts.all}</option>
          {MAIL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {MAIL_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="mail-kind" label={texts.kind}>
        <select
          {...fieldControl('mail-kind')}
          value={filters.kind}
          disabled={!enabled}
          onChange={(e) => onChange({ ...filters, kind: e.target.value as MailFilters['kind'] })}
        >
          <option value="">{texts.all}</option>
          {MAIL_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {MAIL_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="mail-booking" label={texts.booking}>
        <input
          {...fieldControl('mail-booking')}
          placeholder={texts.bookingPlaceholder}
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLengthOf(mailsQuerySchema.shape.booking_id)}
          value={filters.booking_id}
          disabled={!enabled}
          onChange={(e) => onChange({ ...filters, booking_id: e.target.value }, true)}
        />
      </Field>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={!enabled || !filtered}
        onClick={() => onChange(NO_FILTERS)}
      >
        {texts.clearFilters}
      </button>
    </div>
  );
}

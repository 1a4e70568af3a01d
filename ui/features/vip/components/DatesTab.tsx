// The VIP dates: add one (an open day, with an optional description), invite to it, delete it.
import { useState, type FormEvent } from 'react';
import { Field, fieldControl } from '../../../components/Field.js';
import { useAction } from '../../../components/useAction.js';
import { useDeviceToday } from '../../../components/useDeviceToday.js';
import { check, type FieldErrors } from '../../../lib/formErrors.js';
import { formatDateLong } from '../../../lib/format.js';
import { addDate, deleteDate, vipDateSchema, type VipDate } from '../api/vip.js';
import { vipTexts } from '../texts.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';

export function DatesTab({
  dates,
  enabled,
  reload,
}: {
  dates: VipDate[];
  enabled: boolean;
  reload: () => Promise<unknown>;
}) {
  const [date, setDate] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // The earliest date to offer; none in the server's HTML.
  const today = useDeviceToday('');
  const { busy, run } = useAction();

  function add(event: FormEvent) {
    event.preventDefault();
    const body = { date, description: description.trim() };
    const checked = check(vipDateSchema, body);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    void run('new', () => addDate(body), {
      success: vipTexts.dateCreated,
      failure: vipTexts.dateCreateFailed,
      reload: async () => {
        setDate('');
        setDescription('');
        await reload();
      },
    });
  }

  function remove(d: VipDate) {
    if (!window.confirm(vipTexts.confirmDeleteDate(formatDateLong(d.date)))) return;
    void run(d.id, () => deleteDate(d.id), {
      success: vipTexts.dateDeleted,
      failure: vipTexts.dateDeleteFailed,
      reload,
    });
  }

  return (
    <>
      <h2>{vipTexts.tabs.dates}</h2>
      <form className="card planning-inline-form" noValidate onSubmit={add} aria-label={vipTexts.newDate}>
        <Field id="new-vip-date" label={vipTexts.date} error={errors.date}>
          <input
            {...fieldControl('new-vip-date', errors.date)}
            type="date"
            min={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </Field>
        <Field
          id="new-vip-description"
          label={vipTexts.descriptionOptional}
          className="planning-inline-form__grow"
          error={errors.description}
        >
          <input
            {...fieldControl('new-vip-description', errors.description)}
            maxLength={maxLengthOf(vipDateSchema.shape.description)}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <button type="submit" className="btn btn--primary" disabled={!enabled || busy !== null}>
          {vipTexts.addDate}
        </button>
      </form>
      <p className="hint">{vipTexts.datesHint}</p>
      {dates.length === 0 ? (
        <p className="card">{vipTexts.noDates}</p>
      ) : (
        <ul className="vip-dates">
          {dates.map((d) => (
            <li key={d.id} className="vip-date card" data-date={d.date}>
              <div>
                <strong className="vip-date__when">
                  <span aria-hidden="true">👑 </span>
                  {formatDateLong(d.date)}
                </strong>
                {d.description && <p className="vip-date__text">{d.description}</p>}
                {d.created_by && <p className="hint">{vipTexts.createdBy(d.created_by)}</p>}
              </div>
              <div className="row-actions">
                <a
                  className="btn btn--secondary btn--small"
                  href={`/admin/vip?tab=invitations&date=${d.date}`}
                  aria-label={vipTexts.inviteLabel(formatDateLong(d.date))}
                >
                  {vipTexts.invite}
                </a>
                <button
                  type="button"
                  className="btn btn--danger btn--small"
                  disabled={!enabled || busy === d.id}
                  onClick={() => remove(d)}
                  aria-label={vipTexts.removeDateLabel(formatDateLong(d.date))}
                >
                  {vipTexts.remove}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

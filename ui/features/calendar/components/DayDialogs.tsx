// The calendar's dialogs for one day: its opening hours, marking it VIP, and its VIP link.
import { useState } from 'react';
import { Dialog, FormDialog, closeDialogOf } from '../../../components/Dialog.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { LinkResult } from '../../../components/LinkResult.js';
import { commonTexts } from '../../../components/commonTexts.js';
import { msg } from '../../../../domain/messages.js';
import type { CalendarDay, VipLink } from '../api/calendar.js';
import { calendarTexts } from '../texts.js';
import { dayLabel } from './DayCard.js';
import { vipDateSchema } from '../../../../domain/payloads.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';

interface SaveProps {
  day: CalendarDay;
  busy: boolean;
  onClose: () => void;
}

/** What every dialog of a day shares: its title naming the day, the planning look, busy and close. */
const dayDialog = ({ day, busy, onClose }: SaveProps, title: (label: string) => string) => ({
  title: title(dayLabel(day.date)),
  className: 'planning-modal',
  busy,
  onClose,
});

export function HoursDialog({
  day,
  busy,
  onClose,
  onSave,
}: SaveProps & { onSave: (openTime: string, closeTime: string) => void }) {
  const [openTime, setOpenTime] = useState(day.openTime);
  const [closeTime, setCloseTime] = useState(day.closeTime);
  const [error, setError] = useState('');

  function save() {
    // The same rule the day's decider applies, checked here first so the form says it at once.
    if (!openTime || !closeTime) return setError(msg.timeRequired);
    if (closeTime <= openTime) return setError(msg.invalidOpeningHours);
    setError('');
    onSave(openTime, closeTime);
  }

  return (
    <FormDialog
      {...dayDialog({ day, busy, onClose }, calendarTexts.hoursTitle)}
      submitLabel={calendarTexts.saveHours}
      error={error}
      errorId="hours-error"
      onSubmit={save}
    >
      <div className="form-grid planning-times">
        <HoursField id="hours-open" label={calendarTexts.opens} value={openTime} error={error} onChange={setOpenTime} />
        <HoursField
          id="hours-close"
          label={calendarTexts.closes}
          value={closeTime}
          error={error}
          onChange={setCloseTime}
        />
      </div>
      {!day.isOpen && <p className="hint">{calendarTexts.closedDayHint}</p>}
    </FormDialog>
  );
}

/** One of the day's two times; the form's one message (hours-error) speaks for both. */
function HoursField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string;
  onChange: (time: string) => void;
}) {
  return (
    <Field id={id} label={label}>
      <input
        {...fieldControl(id, error, undefined, 'hours-error')}
        type="time"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

export function MarkVipDialog({ day, busy, onClose, onSave }: SaveProps & { onSave: (description: string) => void }) {
  const [description, setDescription] = useState('');
  return (
    <FormDialog
      {...dayDialog({ day, busy, onClose }, calendarTexts.markTitle)}
      submitLabel={calendarTexts.markVip}
      onSubmit={() => onSave(description.trim())}
    >
      <Field id="vip-description" label={calendarTexts.descriptionOptional}>
        <textarea
          {...fieldControl('vip-description')}
          rows={3}
          maxLength={maxLengthOf(vipDateSchema.shape.description)}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder={calendarTexts.descriptionPlaceholder}
        />
      </Field>
      <p className="hint">{calendarTexts.vipHint}</p>
    </FormDialog>
  );
}

export function DayLinkDialog({ day, link, onClose }: { day: CalendarDay; link: VipLink; onClose: () => void }) {
  return (
    <Dialog title={calendarTexts.linkTitle(dayLabel(day.date))} className="planning-modal" onClose={onClose}>
      <p>{calendarTexts.linkHint}</p>
      <LinkResult url={link.url} expiresAt={link.expires_at} />
      <div className="actions">
        <a className="btn btn--secondary" href={`/admin/vip?tab=invitations&date=${day.date}`}>
          {calendarTexts.sendInvitations}
        </a>
        <button type="button" className="btn btn--ghost" onClick={(event) => closeDialogOf(event.currentTarget)}>
          {commonTexts.close}
        </button>
      </div>
    </Dialog>
  );
}

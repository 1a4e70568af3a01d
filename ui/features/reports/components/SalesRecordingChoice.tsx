// Where the sales are recorded (rule: sales-recording): the till or Pizzakiosken, each with its hint.
import { FieldError } from '../../../components/Field.js';
import { SALES_RECORDINGS, type SalesRecording } from '../../../../domain/accounting/salesRecording.js';
import { accountingTexts as texts } from '../texts.js';

export function SalesRecordingChoice({
  value,
  error,
  disabled,
  onChange,
}: {
  value: SalesRecording;
  error?: string;
  disabled: boolean;
  onChange: (recording: SalesRecording) => void;
}) {
  return (
    <fieldset className="sales-recording" aria-describedby="sales-recording-intro">
      <legend>{texts.salesRecordingTitle}</legend>
      <p id="sales-recording-intro" className="hint">
        {texts.salesRecordingIntro}
      </p>
      {SALES_RECORDINGS.map((recording) => (
        <div key={recording} className="sales-recording__option">
          <input
            type="radio"
            id={`sales-recording-${recording}`}
            name="sales_recording"
            value={recording}
            checked={value === recording}
            disabled={disabled}
            aria-describedby={`sales-recording-${recording}-hint`}
            onChange={() => onChange(recording)}
          />
          <label htmlFor={`sales-recording-${recording}`}>{texts.salesRecordings[recording].label}</label>
          <p id={`sales-recording-${recording}-hint`} className="hint">
            {texts.salesRecordings[recording].hint}
          </p>
        </div>
      ))}
      <FieldError id="sales-recording-error" text={error} />
    </fieldset>
  );
}

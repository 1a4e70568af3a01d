// The form's foot: what stops the save (fields marked) or that changes are unsaved, the sync of
// the weekday hours to the calendar and the save.
import { settingsTexts } from '../texts.js';

export function SettingsActions(props: {
  failed: boolean;
  dirty: boolean;
  disabled: boolean;
  busy: string | null;
  onSync: () => void;
}) {
  const { failed, busy } = props;
  return (
    <div className="settings-actions">
      {failed && (
        <p className="field__error settings-actions__error" role="alert">
          {settingsTexts.fixMarked}
        </p>
      )}
      {props.dirty && !failed && <p className="hint settings-actions__hint">{settingsTexts.unsaved}</p>}
      {/* Not blocked by unsaved changes (SPEC 8 names no such rule): the sync works from the
          saved opening hours, which the hint above says when the form differs. */}
      <button type="button" className="btn btn--secondary" disabled={props.disabled} onClick={props.onSync}>
        {busy === 'sync' ? settingsTexts.syncing : settingsTexts.sync}
      </button>
      <button type="submit" className="btn btn--primary" disabled={props.disabled}>
        {busy === 'save' ? settingsTexts.saving : settingsTexts.save}
      </button>
    </div>
  );
}

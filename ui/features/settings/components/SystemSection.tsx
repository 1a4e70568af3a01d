// The system card: the admin e-mail, and a test mail to it (rule go-live: through the outbox like
// every mail).
import { Field, fieldControl } from '../../../components/Field.js';
import { settingsTexts } from '../texts.js';

export function SystemSection(props: {
  adminEmail: string;
  error?: string;
  /** The e-mail field: until hydrated. */
  disabled: boolean;
  /** The test mail's button: until hydrated, and while any action runs. */
  testDisabled: boolean;
  sending: boolean;
  onAdminEmail: (value: string) => void;
  onTestMail: () => void;
}) {
  const { error } = props;
  return (
    <section className="card" aria-labelledby="system-title">
      <h2 id="system-title">{settingsTexts.system}</h2>
      <Field
        id="setting-admin_email"
        label={settingsTexts.adminEmail}
        error={error}
        hint={settingsTexts.adminEmailHint}
      >
        <input
          {...fieldControl('setting-admin_email', error, settingsTexts.adminEmailHint)}
          type="email"
          autoComplete="email"
          required
          disabled={props.disabled}
          value={props.adminEmail}
          onChange={(e) => props.onAdminEmail(e.target.value)}
        />
      </Field>
      <div className="settings-test-mail" id="test-mail">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={props.testDisabled}
          onClick={props.onTestMail}
          aria-describedby="test-mail-hint"
        >
          {props.sending ? settingsTexts.testMailSending : settingsTexts.testMail}
        </button>
        <p id="test-mail-hint" className="hint">
          {settingsTexts.testMailHint}
        </p>
      </div>
    </section>
  );
}

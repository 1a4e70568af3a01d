// /admin/login (SPEC 2, 5, 8): e-mail and password, checked with the domain's login schema.
import { named, useKiosk } from '../../../lib/kiosk.js';
import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { goTo } from '../../../lib/goTo.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { useAction } from '../../../components/useAction.js';
import { check, type FieldErrors } from '../../../lib/formErrors.js';
import { userAtom } from '../../../state/auth.js';
import { login, loginSchema } from '../api/session.js';
import { authTexts } from '../texts.js';

export function LoginForm() {
  // The kiosk's own name (rule: kiosk-identity).
  const kiosk = useKiosk();
  const setUser = useSetAtom(userAtom);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run } = useAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check(loginSchema, { email, password });
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(checked.errors.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setErrors({});
    void run('login', () => login(checked.data), {
      failure: authTexts.loginFailed,
      // The dashboard loads as a page of its own: it shows 'Inloggning lyckades!'.
      reload: async ({ user }) => {
        setUser(user);
        goTo('/admin', { replace: true, success: authTexts.loginOk });
      },
    });
  }

  return (
    <section className="card login-card" aria-labelledby="login-title">
      <img src="/favicon.svg" alt="" width="64" height="64" className="login-card__logo" />
      <h1 id="login-title">{authTexts.title}</h1>
      <p className="hint">{named(authTexts.subtitle, kiosk.name)}</p>
      <form noValidate onSubmit={submit}>
        <Field id="login-email" label={authTexts.email} error={errors.email}>
          <input
            {...fieldControl('login-email', errors.email)}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field id="login-password" label={authTexts.password} error={errors.password}>
          <input
            {...fieldControl('login-password', errors.password)}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy !== null}>
          {busy ? authTexts.submitting : authTexts.submit}
        </button>
      </form>
      <p>
        <a href="/">{authTexts.backToSite}</a>
      </p>
    </section>
  );
}

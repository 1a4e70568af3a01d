// /admin/login (SPEC 2, 5, 8): e-mail and password, checked with the shared login schema.
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import toast from 'react-hot-toast';
import { navigate } from 'vike/client/router';
import { loginSchema } from '../../../../domain/payloads.js';
import { api, errorText } from '../../../lib/api.js';
import { a } from '../../../lib/adminTexts.js';
import { userAtom, type AdminUser } from '../../../state/auth.js';
import { Field } from '../../../components/Field.js';

export default function Page() {
  const setUser = useSetAtom(userAtom);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const invalid = (field: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `login-${field}-error` } : {});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      document.getElementById(found.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { user } = await api<{ user: AdminUser }>('/admin/login', { body: parsed.data });
      toast.success(a.loginOk);
      setUser(user);
      await navigate('/admin', { overwriteLastHistoryEntry: true });
    } catch (error) {
      toast.error(errorText(error, a.loginFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card login-card" aria-labelledby="login-title">
      <img src="/favicon.svg" alt="" width="64" height="64" className="login-card__logo" />
      <h1 id="login-title">Logga in</h1>
      <p className="hint">Pizzakioskens administration</p>
      <form noValidate onSubmit={submit}>
        <Field id="login-email" label="E-post" error={errors.email}>
          <input
            id="login-email"
            className="field__control"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            {...invalid('email')}
          />
        </Field>
        <Field id="login-password" label="Lösenord" error={errors.password}>
          <input
            id="login-password"
            className="field__control"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...invalid('password')}
          />
        </Field>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Loggar in...' : 'Logga in'}
        </button>
      </form>
      <p>
        <a href="/">← Tillbaka till webbplatsen</a>
      </p>
    </section>
  );
}

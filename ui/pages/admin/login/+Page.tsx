// /admin/login: the sign-in form.
import { LoginForm } from '../../../features/auth/components/LoginForm.js';

export default function Page() {
  return <LoginForm />;
}

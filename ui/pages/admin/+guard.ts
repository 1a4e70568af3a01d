// SPEC 2: every admin route redirects to /admin/login when nobody is signed in, and a signed-in
// user opening /admin/login goes to /admin. Decided on the server, so a visitor gets a real 302
// and no admin markup or data. A staff member opening a screen only the owner may use goes to
// /admin (rule: admin-roles; the API refuses its calls anyway).
import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { roleMayOpen } from '../../../domain/admins/roles.js';
import { currentUser } from './currentUser.js';

export async function guard(pageContext: PageContextServer) {
  const user = await currentUser(pageContext);
  const onLogin = pageContext.urlPathname === '/admin/login';
  if (!user && !onLogin) throw redirect('/admin/login');
  if (user && onLogin) throw redirect('/admin');
  if (user && !roleMayOpen(user.role, pageContext.urlPathname)) throw redirect('/admin');
}

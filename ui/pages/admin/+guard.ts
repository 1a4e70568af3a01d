// SPEC 2: every admin route redirects to /admin/login when nobody is signed in, and a signed-in
// user opening /admin/login goes to /admin. Decided on the server, so a visitor gets a real 302
// and no admin markup or data.
import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { currentUser } from './currentUser.js';

export async function guard(pageContext: PageContextServer) {
  const user = await currentUser(pageContext);
  const onLogin = pageContext.urlPathname === '/admin/login';
  if (!user && !onLogin) throw redirect('/admin/login');
  if (user && onLogin) throw redirect('/admin');
}

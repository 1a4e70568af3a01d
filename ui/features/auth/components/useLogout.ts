// Logout clears the user even when the call fails (the failure is only logged), then goes to the
// sign-in page.
import { useSetAtom } from 'jotai';
import { goTo } from '../../../lib/goTo.js';
import { userAtom } from '../../../state/auth.js';
import { logout } from '../api/session.js';
import { authTexts } from '../texts.js';

export function useLogout() {
  const setUser = useSetAtom(userAtom);
  return async () => {
    try {
      await logout();
    } catch (error) {
      console.warn(authTexts.logoutFailedLog, error);
    }
    setUser(null);
    goTo('/admin/login', { replace: true });
  };
}

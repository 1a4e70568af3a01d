// The admin header's 'Byt lösenord': opens the own-password dialog (every role).
import { useState } from 'react';
import { useHydrated } from '../../../components/useHydrated.js';
import { accountTexts } from '../texts.js';
import { ChangeOwnPasswordDialog } from './PasswordDialog.js';

export function ChangePasswordButton() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn--ghost btn--small" disabled={!hydrated} onClick={() => setOpen(true)}>
        {accountTexts.changeOwn}
      </button>
      {open && <ChangeOwnPasswordDialog onClose={() => setOpen(false)} />}
    </>
  );
}

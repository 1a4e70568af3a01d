// The offer behind a /waitlist/{token} link (rule: waitlist): read as the page opens (with the menu),
// read again when asked, and left from the page; the customer's details start from the queue's.
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.js';
import { errorText, isNetworkError } from '../../../lib/api.js';
import { customerTexts } from '../../../lib/texts.js';
import { customerMsg } from '../../../../domain/customerMessages.js';
import { emptyCustomer, type CustomerForm as Customer } from '../../../state/booking.js';
import { getMenu, type MenuPizza, menuPizza } from '../../../components/order/menu.js';
import { getOffer, leaveWaitlist, type WaitlistOffer } from '../api/waitlist.js';
import { waitlistTexts } from '../texts.js';

export type Loaded =
  | { kind: 'loading' }
  | { kind: 'offer'; offer: WaitlistOffer }
  | { kind: 'none'; text: string; canLeave: boolean }
  | { kind: 'left'; text: string };

/** The offer behind the token, or why there is none (a waiting customer may still leave the queue). */
async function readOffer(token: string): Promise<Loaded> {
  try {
    return { kind: 'offer', offer: await getOffer(token) };
  } catch (error) {
    const text = isNetworkError(error) ? customerTexts.networkFailed : errorText(error, waitlistTexts.offerFailed);
    return { kind: 'none', text, canLeave: text === customerMsg.waitlistStillWaiting };
  }
}

export function useWaitlistOffer(token: string) {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [pizzas, setPizzas] = useState<MenuPizza[]>([]);
  const [customer, setCustomer] = useState<Customer>(emptyCustomer);
  const [busy, setBusy] = useState(false);

  /** Reads the offer and shows it; the customer's details start from the queue's. */
  const load = useCallback(
    () =>
      readOffer(token).then((loaded) => {
        setState(loaded);
        if (loaded.kind === 'offer')
          setCustomer((c) => ({ ...c, name: c.name || loaded.offer.name, email: c.email || loaded.offer.email }));
      }),
    [token],
  );

  useEffect(() => {
    void load();
    getMenu().then(
      (menu) => setPizzas(menu.map(menuPizza)),
      () => toast.error(customerTexts.loadFailed, { duration: 4000 }),
    );
  }, [load]);

  async function leave() {
    if (!window.confirm(waitlistTexts.leaveConfirm)) return;
    setBusy(true);
    try {
      const answer = await leaveWaitlist(token);
      setState({ kind: 'left', text: answer.message });
    } catch (error) {
      toast.error(errorText(error, waitlistTexts.leaveFailed), { duration: 4000 });
    } finally {
      setBusy(false);
    }
  }

  return { state, pizzas, customer, setCustomer, busy, setBusy, load, leave };
}

export type WaitlistOfferPage = ReturnType<typeof useWaitlistOffer>;

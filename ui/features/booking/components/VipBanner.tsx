// VIP links (SPEC 1, 4): ?vip=token is verified with GET /api/vip/access/{token}; a valid one
// greets the customer and opens the VIP dates, a refused one is cleared from the address.
import { useEffect } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { toast } from '../../../lib/toast.js';
import { customerMsg } from '../../../../domain/customerMessages.js';
import { api, errorText, isNetworkError } from '../../../lib/api.js';
import { customerTexts } from '../../../lib/texts.js';
import type { VipGreeting as VipCustomerView } from '../../../../domain/answers/index.js';
import { vipAtom } from '../../../state/booking.js';

function clearTokenFromUrl() {
  const url = new URL(window.location.href);
  url.searchParams.delete('vip');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

export function VipBanner() {
  const vip = useAtomValue(vipAtom);
  const setVip = useSetAtom(vipAtom);
  // The effect reads the atom from the store rather than from this render: the store and the
  // setter stay the same for the page's life, so the token (read from the address) is checked
  // once per page load, not again each time the check changes the atom.
  const store = useStore();

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('vip');
    if (!token || store.get(vipAtom)?.token === token) return;
    setVip({ token, status: 'checking', customer: null });
    api<VipCustomerView & { message?: string }>(`/vip/access/${encodeURIComponent(token)}`).then(
      (customer) => setVip({ token, status: 'valid', customer }),
      (error) => {
        setVip(null);
        clearTokenFromUrl();
        toast.error(isNetworkError(error) ? customerTexts.vipNetwork : errorText(error, customerTexts.vipInvalid), {
          duration: 4000,
        });
      },
    );
  }, [store, setVip]);

  if (!vip) return null;
  if (vip.status === 'checking')
    return (
      <p className="vip-banner vip-banner--checking" role="status">
        <span className="spinner" aria-hidden="true" /> {customerTexts.vipChecking}
      </p>
    );
  return (
    <p className="vip-banner" role="status">
      <span className="vip-banner__title">{customerMsg.vipWelcome}</span>
      {vip.customer?.name && <span className="vip-banner__name"> {vip.customer.name}</span>}
    </p>
  );
}

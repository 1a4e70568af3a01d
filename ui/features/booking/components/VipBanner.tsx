// VIP links (SPEC 1, 4): ?vip=token is verified with GET /api/vip/access/{token}; a valid one
// greets the customer and opens the VIP dates, a refused one is cleared from the address.
import { useEffect } from 'react';
import { useAtom } from 'jotai';
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
  const [vip, setVip] = useAtom(vipAtom);

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('vip');
    if (!token || vip?.token === token) return;
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
    // Runs once per page load; the token is read from the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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

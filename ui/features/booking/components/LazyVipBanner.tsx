// The VIP greeting (VipBanner.tsx), loaded only on a VIP link (?vip=token): every other visit to
// the booking page, nearly all of them, never needs its code (0.2 KB gzipped). The server's page
// has no greeting either way (the token is checked in the browser), so the hydration is the same.
import { lazy, Suspense } from 'react';
import { useHydrated } from '../../../components/useHydrated.js';

const VipBanner = lazy(() => import('./VipBanner.js').then((banner) => ({ default: banner.VipBanner })));

export function LazyVipBanner() {
  const hydrated = useHydrated();
  if (!hydrated || !new URLSearchParams(window.location.search).has('vip')) return null;
  return (
    <Suspense fallback={null}>
      <VipBanner />
    </Suspense>
  );
}

// /waitlist/{token}: the offer a waitlist link names (rule: waitlist).
import { usePageContext } from 'vike-react/usePageContext';
import { WaitlistOfferScreen } from '../../../../features/waitlist/components/WaitlistOfferScreen.js';

export default function Page() {
  const { routeParams } = usePageContext();
  return <WaitlistOfferScreen token={routeParams.token ?? ''} />;
}

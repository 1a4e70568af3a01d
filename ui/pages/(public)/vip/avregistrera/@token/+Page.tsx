// /vip/avregistrera/{token}: stop VIP invitations (rule: vip-unsubscribe).
import { usePageContext } from 'vike-react/usePageContext';
import { VipUnsubscribeScreen } from '../../../../../features/vip-unsubscribe/components/VipUnsubscribeScreen.js';

export default function Page() {
  const { routeParams } = usePageContext();
  return <VipUnsubscribeScreen token={routeParams.token ?? ''} />;
}

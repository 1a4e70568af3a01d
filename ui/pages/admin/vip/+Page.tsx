// /admin/vip: the VIP feature with the lists the server read and the tab of the address.
import { useData } from 'vike-react/useData';
import { VipScreen } from '../../../features/vip/components/VipScreen.js';
import type { VipData } from './+data.js';

export default function Page() {
  const { lists, tab, presetDate } = useData<VipData>();
  return <VipScreen lists={lists} tab={tab} presetDate={presetDate} />;
}

// /admin/kitchen: the kitchen board with the day the server read (+data).
import { useData } from 'vike-react/useData';
import { KitchenScreen } from '../../../features/kitchen/components/KitchenScreen.js';
import type { KitchenData } from './+data.js';

export default function Page() {
  const { day, requested } = useData<KitchenData>();
  return <KitchenScreen day={day} requested={requested} />;
}

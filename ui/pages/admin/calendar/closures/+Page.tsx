// /admin/calendar/closures: the closures feature with the closures the server read (+data).
import { useData } from 'vike-react/useData';
import { ClosuresScreen } from '../../../../features/closures/components/ClosuresScreen.js';
import type { ClosuresData } from './+data.js';

export default function Page() {
  return <ClosuresScreen closures={useData<ClosuresData>().closures} />;
}

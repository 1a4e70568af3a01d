// /admin/swish 'Swish': the Swish feature with what the server read (+data).
import { useData } from 'vike-react/useData';
import { SwishScreen } from '../../../features/swish/components/SwishScreen.js';
import type { SwishData } from './+data.js';

export default function Page() {
  const data = useData<SwishData>();
  return <SwishScreen swish={data.swish} />;
}

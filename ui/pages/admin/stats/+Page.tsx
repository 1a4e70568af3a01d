// /admin/stats: the statistics feature with the week's figures the server read (+data).
import { useData } from 'vike-react/useData';
import { StatsScreen } from '../../../features/stats/components/StatsScreen.js';
import type { StatsData } from './+data.js';

export default function Page() {
  return <StatsScreen stats={useData<StatsData>().stats} />;
}

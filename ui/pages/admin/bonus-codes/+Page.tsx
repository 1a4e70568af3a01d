// /admin/bonus-codes: the bonus codes feature with the codes the server read (+data).
import { useData } from 'vike-react/useData';
import { BonusCodesScreen } from '../../../features/bonus-codes/components/BonusCodesScreen.js';
import type { BonusCodesData } from './+data.js';

export default function Page() {
  return <BonusCodesScreen codes={useData<BonusCodesData>().codes} />;
}

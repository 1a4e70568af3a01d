// /integritet: the privacy notice, with the retention period and contact address the server read.
import { useData } from 'vike-react/useData';
import { PrivacyNotice } from '../../../features/legal/components/PrivacyNotice.js';
import type { Data } from './+data.js';

export default function Page() {
  return <PrivacyNotice notice={useData<Data>()} />;
}

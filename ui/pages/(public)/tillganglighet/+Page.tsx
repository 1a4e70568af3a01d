// /tillganglighet: the accessibility statement, with the contact address the server read.
import { useData } from 'vike-react/useData';
import { AccessibilityStatement } from '../../../features/legal/components/AccessibilityStatement.js';
import type { Data } from './+data.js';

export default function Page() {
  return <AccessibilityStatement notice={useData<Data>()} />;
}

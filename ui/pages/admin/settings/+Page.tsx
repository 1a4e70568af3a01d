// /admin/settings: the settings feature with the settings the server read (+data).
import { useData } from 'vike-react/useData';
import { SettingsScreen } from '../../../features/settings/components/SettingsScreen.js';
import type { SettingsData } from './+data.js';

export default function Page() {
  return <SettingsScreen settings={useData<SettingsData>().settings} />;
}

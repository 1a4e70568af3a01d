// Today on this device (YYYY-MM-DD, the kiosk's date), read once the page is hydrated: the
// server's HTML and the hydration show `serverToday` (the server's date, or '' where there is none),
// so both render alike.
import { useSyncExternalStore } from 'react';
import dayjs from '../lib/dayjs.js';

const noSubscription = () => () => {};
const deviceToday = () => dayjs().format('YYYY-MM-DD');

export function useDeviceToday(serverToday: string): string {
  return useSyncExternalStore(noSubscription, deviceToday, () => serverToday);
}

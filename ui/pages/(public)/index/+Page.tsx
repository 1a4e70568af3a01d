// The booking page (/ and /booking): the booking feature with the data the server read, and the
// waitlist's prompt under its slots.
import { useData } from 'vike-react/useData';
import { BookingScreen } from '../../../features/booking/components/BookingScreen.js';
import { LazyWaitlistPrompt } from '../../../features/waitlist/components/LazyWaitlistPrompt.js';
import type { Data } from './+data.js';
import { NotOpenYet } from '../../../features/booking/components/NotOpenYet.js';
import { useKiosk } from '../../../lib/kiosk.js';

export default function Page() {
  // rule go-live: a new kiosk says so instead of the order form until its checklist is done.
  const kiosk = useKiosk();
  const data = useData<Data>();
  if (!kiosk.web_orders_open) return <NotOpenYet name={kiosk.name} />;
  return <BookingScreen data={data} slotsFooter={(state) => <LazyWaitlistPrompt {...state} />} />;
}

// The booking page (/ and /booking): the booking feature with the data the server read, and the
// waitlist's prompt under its slots.
import { useData } from 'vike-react/useData';
import { BookingScreen } from '../../../features/booking/components/BookingScreen.js';
import { WaitlistPrompt } from '../../../features/waitlist/components/JoinWaitlist.js';
import type { Data } from './+data.js';

export default function Page() {
  return <BookingScreen data={useData<Data>()} slotsFooter={(state) => <WaitlistPrompt {...state} />} />;
}

// /admin/bookings: the bookings feature with the list the server read for the address's filters,
// and the waitlist's queue under it.
import { useData } from 'vike-react/useData';
import { BookingsScreen } from '../../../features/bookings/components/BookingsScreen.js';
import { NewOrder } from '../../../features/staff-order/components/NewOrder.js';
import { WaitlistQueue } from '../../../features/waitlist/components/WaitlistQueue.js';
import type { BookingsData } from './+data.js';

export default function Page() {
  const { filters, bookings } = useData<BookingsData>();
  return (
    <BookingsScreen
      filters={filters}
      bookings={bookings}
      queue={(state) => <WaitlistQueue {...state} />}
      newOrder={(state) => <NewOrder {...state} />}
    />
  );
}

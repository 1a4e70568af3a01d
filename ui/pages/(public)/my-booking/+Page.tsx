// /my-booking: look a booking up and cancel it.
import { MyBookingScreen } from '../../../features/my-booking/components/MyBookingScreen.js';

export default function Page() {
  return <MyBookingScreen />;
}

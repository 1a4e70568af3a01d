// /admin/calendar: the calendar feature with the week the server read (+data).
import { useData } from 'vike-react/useData';
import { CalendarScreen } from '../../../features/calendar/components/CalendarScreen.js';
import type { CalendarData } from './+data.js';

export default function Page() {
  const { start, days, today } = useData<CalendarData>();
  return <CalendarScreen start={start} days={days} today={today} />;
}

// dayjs in Swedish (weeks start on Monday), for the staff's screens: import dayjs from here. The
// customer's pages format their dates without it (lib/format.ts).
import dayjs from 'dayjs';
import 'dayjs/locale/sv';

dayjs.locale('sv');

export default dayjs;

// The first HTML of the booking page carries the open days and the menu, so it is readable (and
// indexable) before its JavaScript loads. Trimmed to what the page shows. A failed call leaves
// its part null: the page then asks the /api itself and shows the SPEC 8 fallbacks.
import type { PageContextServer } from 'vike/types';
import { readBookingPage, type BookingPageData } from '../../../features/booking/api/booking.js';

export type Data = BookingPageData;

export const data = (pageContext: PageContextServer): Promise<Data> =>
  readBookingPage((path) => pageContext.apiGet(path));

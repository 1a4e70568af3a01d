// Public calls (SPEC 7): menu, settings, open days, availability, VIP access, booking, bonus code
// check, lookup, public cancel, push subscription and the legal pages' figures. One plugin per resource.
import type { RoutePlugin } from '../../appDeps.js';
import { availabilityRoutes } from './availability.js';
import { bonusCodeCheckRoutes } from './bonusCodes.js';
import { bookingRoutes } from './bookings.js';
import { counterStatusRoutes } from './counter.js';
import { kioskRoutes } from './kiosk.js';
import { legalRoutes } from './legal.js';
import { menuRoutes } from './menu.js';
import { orderStatusRoutes } from './orderStatus.js';
import { pushRoutes } from './push.js';
import { smsDeliveryReportRoutes } from './smsDeliveryReports.js';
import { vipAccessRoutes } from './vip.js';
import { waitlistRoutes } from './waitlist.js';
import { swishCallbackRoutes } from './swish.js';

export const publicRoutes: RoutePlugin = async (app, { deps, limiters }) => {
  for (const routes of [
    menuRoutes,
    kioskRoutes,
    availabilityRoutes,
    vipAccessRoutes,
    bookingRoutes,
    bonusCodeCheckRoutes,
    pushRoutes,
    waitlistRoutes,
    legalRoutes,
    orderStatusRoutes,
    counterStatusRoutes,
    smsDeliveryReportRoutes,
    swishCallbackRoutes,
  ]) {
    await app.register(routes, { deps, limiters });
  }
};

// What a ready notice says over web push (rule: ready-notice): the same sentence as the ready
// mail, and the page the service worker opens when it is clicked (ui/public/push-sw.js).
import { readyText } from '../mail/templates.js';

export interface PushNotice {
  title: string;
  body: string;
  url: string;
}

export function readyPushNotice(booking: { booking_id: string; dine_in: boolean }): PushNotice {
  return { title: 'Din pizza är klar!', body: readyText(booking), url: '/my-booking' };
}

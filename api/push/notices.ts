// What a notice says over web push: the ready notice (rule: ready-notice) the same sentence as the
// ready mail; the reminder and the delay notices (rule: notice-channel) the same as their SMS.
// The url is the page the service worker opens when it is clicked (ui/public/push-sw.js).
import type { Notice } from '../../domain/notices/noticeChannel.js';
import { delayUndoneSms, delayedSms, reminderSms } from '../../domain/sms/sms.js';
import { readyText } from '../mail/templates.js';

export interface PushNotice {
  title: string;
  body: string;
  url: string;
}

export function readyPushNotice(booking: { booking_id: string; dine_in: boolean }): PushNotice {
  return { title: 'Din pizza är klar!', body: readyText(booking), url: '/my-booking' };
}

/** The body is the SMS's without the kiosk's name in front (the notification shows the site). */
export function pushNoticeOf(
  notice: Pick<Notice, 'kind' | 'params'>,
  booking: { booking_id: string; booking_time: string; dine_in: boolean },
): PushNotice {
  const url = '/my-booking';
  switch (notice.kind) {
    case 'order_ready':
      return readyPushNotice(booking);
    case 'booking_reminder':
      return { title: 'Påminnelse', body: stripKiosk(reminderSms(booking, '')), url };
    case 'booking_delayed':
      return {
        title: `Din beställning blir ${notice.params?.minutes ?? ''} minuter försenad`,
        body: stripKiosk(delayedSms(booking, notice.params ?? { minutes: 0, delayed_to: booking.booking_time }, '')),
        url,
      };
    case 'booking_delay_undone':
      return {
        title: `Klar kl. ${booking.booking_time} som bokat`,
        body: stripKiosk(delayUndoneSms(booking, '')),
        url,
      };
  }
}

const stripKiosk = (text: string) => text.replace(/^: /, '');

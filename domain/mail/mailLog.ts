// The mail log's vocabulary (api/mail/outbox.ts keeps the items; staff read them at /admin/mail):
// which mails the kiosk sends and where each one stands.

/** Every mail the kiosk sends, by what it answers; 'legacy': an entry written before the outbox. */
export const MAIL_KINDS = [
  'booking_received',
  'staff_new_booking',
  'booking_confirmed',
  'booking_cancelled',
  'booking_reminder',
  'booking_moved',
  'staff_moved_booking',
  'order_ready',
  'vip_invitation',
  'waitlist_joined',
  'waitlist_offer',
  'booking_delayed',
  'booking_delay_undone',
  'sold_out_offer',
  // rule swish-refund: a paid booking's money is back with the customer.
  'swish_refunded',
  // rule go-live: the owner's test of the mail relay, to the admin e-mail.
  'test_mail',
  'legacy',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** pending: waiting for its turn or for the relay; sent: the relay took it; failed: given up (see last_error). */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** What staff read for each kind. */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  booking_received: 'Bokning mottagen',
  staff_new_booking: 'Ny bokning (till kiosken)',
  booking_confirmed: 'Bokning bekräftad',
  booking_cancelled: 'Bokning avbokad',
  booking_reminder: 'Påminnelse',
  booking_moved: 'Bokning flyttad',
  staff_moved_booking: 'Flyttad bokning (till kiosken)',
  order_ready: 'Beställningen är klar',
  vip_invitation: 'VIP-inbjudan',
  waitlist_joined: 'Köplats',
  waitlist_offer: 'Plats från kön',
  booking_delayed: 'Försenad beställning',
  booking_delay_undone: 'Försening ångrad',
  sold_out_offer: 'Slut: byte eller avbokning',
  swish_refunded: 'Återbetalning via Swish',
  test_mail: 'Testmejl',
  legacy: 'E-post',
};

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: 'Väntar',
  sent: 'Skickat',
  failed: 'Misslyckades',
};

/** Lower goes first: a ready notice or a waitlist offer is worth little late. */
export const MAIL_PRIORITY: Record<MailKind, number> = {
  order_ready: 0,
  waitlist_offer: 0,
  // A delay is worth little once the old time has come.
  booking_delayed: 0,
  booking_delay_undone: 0,
  sold_out_offer: 1,
  booking_received: 1,
  booking_confirmed: 1,
  booking_cancelled: 1,
  booking_moved: 1,
  swish_refunded: 1,
  waitlist_joined: 1,
  booking_reminder: 2,
  vip_invitation: 2,
  staff_new_booking: 2,
  staff_moved_booking: 2,
  // The owner waits for it at the screen.
  test_mail: 0,
  legacy: 3,
};

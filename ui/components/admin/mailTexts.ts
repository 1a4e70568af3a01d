// Texts of the shared mail parts: a booking's mails in its details, and the relay's banner (its
// sentence is the server's, msg.mailRelayFailing). Kinds and statuses are named in domain/mail.
export const bookingMailsTexts = {
  title: 'E-post',
  none: 'Inga mejl för den här bokningen.',
  failed: 'Kunde inte ladda bokningens e-post.',
  to: (to: string) => `till ${to}`,
  showInLog: 'Visa i e-postloggen',
};

export const relayBannerTexts = {
  /** When the relay gave no answer to show (it did not answer at all). */
  noAnswer: 'e-postservern svarar inte',
  /** Mails parked for good that nobody has looked at in the mail log yet. */
  failed: (n: number) =>
    n === 1 ? '1 mejl kunde inte skickas och har gett upp.' : `${n} mejl kunde inte skickas och har gett upp.`,
  showFailed: 'Visa dem i e-postloggen',
};

/** The mail log's failed filter: opening it marks the failed mails seen. */
export const failedMailLogPath = '/admin/mail?status=failed';

/** The mail log's address, filtered to one booking. */
export const mailLogPath = (bookingId?: string) =>
  bookingId ? `/admin/mail?${new URLSearchParams({ booking_id: bookingId })}` : '/admin/mail';

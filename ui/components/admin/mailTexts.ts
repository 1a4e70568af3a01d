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
};

/** The mail log's address, filtered to one booking. */
export const mailLogPath = (bookingId?: string) =>
  bookingId ? `/admin/mail?${new URLSearchParams({ booking_id: bookingId })}` : '/admin/mail';

// A booking's mails in its details (rule: mail): each one's kind, recipient, where it stands and
// when it was sent (or, not sent yet, written), newest first, and the way to the mail log.
import { useEffect, useState } from 'react';
import { Instant } from '../Instant.js';
import { MAIL_KIND_LABELS } from '../../../domain/mail/mailLog.js';
import { listMails, type MailEntry } from './mailCalls.js';
import { MailStatusBadge } from './MailStatusBadge.js';
import { bookingMailsTexts as texts, mailLogPath } from './mailTexts.js';

export function BookingMails({ bookingId }: { bookingId: string }) {
  const [mails, setMails] = useState<MailEntry[] | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    listMails({ booking_id: bookingId }).then(
      (answer) => current && setMails(answer.mails),
      () => current && setMails('failed'),
    );
    return () => {
      current = false;
    };
  }, [bookingId]);

  if (mails === null) return null;
  return (
    <section className="booking-mails" aria-labelledby="booking-mails-title">
      <h3 id="booking-mails-title">{texts.title}</h3>
      {mails === 'failed' ? (
        <p className="notice">{texts.failed}</p>
      ) : mails.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <>
          <ul className="booking-mails__list">
            {mails.map((mail) => (
              <li key={mail.id} data-mail={mail.id}>
                <MailStatusBadge status={mail.status} /> <strong>{MAIL_KIND_LABELS[mail.kind]}</strong>{' '}
                <span className="booking-mails__meta">
                  {mail.to && <>{texts.to(mail.to)} · </>}
                  <Instant iso={mail.sent_at ?? mail.created_at} />
                </span>
              </li>
            ))}
          </ul>
          <p className="booking-mails__log">
            <a href={mailLogPath(bookingId)}>{texts.showInLog}</a>
          </p>
        </>
      )}
    </section>
  );
}

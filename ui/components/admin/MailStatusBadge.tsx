// Where a mail stands, in words (Väntar, Skickat, Misslyckades) and in the badges' colours: the
// mail log and a booking's details show it the same way.
import { MAIL_STATUS_LABELS, type MailStatus } from '../../../domain/mail/mailLog.js';

const BADGE: Record<MailStatus, string> = { pending: 'pending', sent: 'confirmed', failed: 'cancelled' };

export function MailStatusBadge({ status }: { status: MailStatus }) {
  return (
    <span className={`badge badge--${BADGE[status]} mail-status`} data-status={status}>
      {MAIL_STATUS_LABELS[status]}
    </span>
  );
}

// The mail log as a table on desktop and cards on a phone (rule: mail): kind and subject,
// recipient, booking, status in words with the attempts, the relay's last refusal, when it was sent, and
// sending a sent or failed mail again (a pending one is still on its way: a second would be a copy).
import { Instant } from '../../../components/Instant.js';
import { MailStatusBadge } from '../../../components/admin/MailStatusBadge.js';
import { MAIL_KIND_LABELS } from '../../../../domain/mail/mailLog.js';
import type { MailEntry } from '../api/mails.js';
import { mailTexts as texts } from '../texts.js';
import { AdminTable } from '../../../components/admin/AdminTable.js';

interface Props {
  mails: MailEntry[];
  busy: string | null;
  enabled: boolean;
  onResend: (mail: MailEntry) => void;
}

export function MailTable({ mails, busy, enabled, onResend }: Props) {
  const c = texts.columns;
  return (
    <AdminTable
      className="mail-table"
      caption={texts.table}
      columns={[c.kind, c.to, c.booking, c.status, c.error, c.sent, c.actions]}
    >
      {mails.map((mail) => {
        const kind = MAIL_KIND_LABELS[mail.kind];
        return (
          <tr key={mail.id} data-mail={mail.id} data-status={mail.status}>
            <td data-label={c.kind} className="mail-table__kind">
              <strong>{kind}</strong>
              <br />
              <span className="muted">{mail.subject ?? texts.noSubject}</span>
            </td>
            <td data-label={c.to} className="mail-table__to">
              {mail.to ?? <span className="muted">{texts.noRecipient}</span>}
            </td>
            <td data-label={c.booking} className="mail-table__booking">
              {mail.booking_id ?? texts.none_}
            </td>
            <td data-label={c.status} className="mail-table__status">
              <MailStatusBadge status={mail.status} />
              <span className="mail-table__attempts muted" data-attempts={mail.attempts}>
                {texts.attempts(mail.attempts)}
              </span>
            </td>
            <td
              data-label={c.error}
              className={mail.last_error ? 'mail-table__error' : 'mail-table__error mail-table__error--none'}
            >
              {mail.last_error ?? texts.none_}
            </td>
            <td data-label={c.sent} className="mail-table__sent">
              {mail.sent_at ? <Instant iso={mail.sent_at} /> : texts.notSent}
            </td>
            <td data-label={c.actions} className="mail-table__actions">
              {mail.status === 'pending' ? (
                texts.none_
              ) : (
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  disabled={!enabled || busy !== null}
                  onClick={() => onResend(mail)}
                  aria-label={texts.resendLabel(kind, mail.to)}
                >
                  {texts.resend}
                </button>
              )}
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}

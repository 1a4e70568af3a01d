// rule swish-certificate: from 30 days before the Swish client certificate ends (and after), the
// owner's dashboard says when, with a link to /admin/swish. /api/ready names the same alert
// (swish_certificate_expiring). Nothing while Swish is off or the certificate has time left.
import { formatDateLong } from '../../../lib/format.js';
import { dashboardTexts } from '../texts.js';

export interface SwishCertificateEnd {
  /** ISO 8601. */
  valid_to: string;
  days_left: number;
}

export function SwishCertificateBanner({ ending }: { ending: SwishCertificateEnd | null | undefined }) {
  if (!ending) return null;
  return (
    <div className="mail-relay-banner swish-certificate-banner" role="alert">
      <span className="mail-relay-banner__icon" aria-hidden="true">
        ⚠
      </span>
      <span>
        {dashboardTexts.swishCertificate(formatDateLong(ending.valid_to.slice(0, 10)), ending.days_left)}{' '}
        <a href="/admin/swish">{dashboardTexts.swishCertificateLink}</a>
      </span>
    </div>
  );
}

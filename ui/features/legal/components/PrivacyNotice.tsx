// /integritet: the privacy notice a customer is owed when their data is collected from them
// (GDPR art. 13; the data come from the customer, so art. 14's extra duties do not arise). Its
// contents follow art. 13 point by point, as IMY's guidance "Rätt till information" tables them
// (published as Datainspektionen, datainspektionen.se/dataskyddsreformen/dataskyddsforordningen/
// de-registrerades-rattigheter/ratt-till-information/, now imy.se): who the controller is and how
// to reach them (13.1 a), what is kept and why and on which legal basis, purpose by purpose (13.1
// c, d: the contract 6.1 b, the books 6.1 c, earlier no-shows and the VIP invitations, direct
// marketing, on legitimate interest 6.1 f), recipients (13.1 e), for how long and why so long
// (13.2 a: the configured retention, rule: personal-data-retention in domain/README.md), the
// rights of art. 15-18, 20 and 21 (art. 21 because 6.1 f is used; 21.4: named explicitly) and
// the complaint to IMY (13.2 b, d), which data the contract needs (13.2 e) and that no automated
// decisions are made (13.2 f). GDPR: https://eur-lex.europa.eu/eli/reg/2016/679/oj; IMY's
// rights: https://www.imy.se/privatperson/dataskydd/dina-rattigheter/.
import { useKiosk } from '../../../lib/kiosk.js';
import { usePageContext } from 'vike-react/usePageContext';
import type { LegalNotice } from '../api/legal.js';
import { IMY, privacyTexts as t } from '../texts.js';
import { LegalPage, LegalSection, MailTo, TermList } from './LegalPage.js';

export function PrivacyNotice({ notice }: { notice: LegalNotice | null }) {
  const kiosk = useKiosk();
  const email = notice?.contact_email ?? null;
  const months = notice?.personal_data_retention_months ?? null;
  // SMS is named, and its provider as a recipient, only where the kiosk texts its customers.
  const sms = notice?.sms_enabled ?? false;
  // The controller by its legal name, number and address once the seller's details are filled in
  // (rule: seller-details), the kiosk's name until then.
  const seller = usePageContext().seller;
  const identity = [seller?.org_number, seller?.address].filter(Boolean).join(', ');
  return (
    <LegalPage title={t.title} intro={t.intro(kiosk.name)}>
      <LegalSection id="controller" title={t.controllerTitle}>
        <p>{t.controller(seller?.legal_name || kiosk.name, identity)}</p>
        <p>
          {email ? (
            <>
              {t.contactLead}
              <MailTo email={email} />.
            </>
          ) : (
            t.contactMissing
          )}
        </p>
      </LegalSection>
      <LegalSection id="what" title={t.whatTitle}>
        <p>{t.whatIntro}</p>
        <TermList items={t.what.filter((item) => sms || !('sms' in item))} />
        <p>{t.required}</p>
        <p>{t.sealed}</p>
        <p>{t.noAutomatedDecisions}</p>
      </LegalSection>
      <LegalSection id="basis" title={t.basisTitle}>
        <p>{t.basisIntro}</p>
        <TermList items={t.basis} />
      </LegalSection>
      <LegalSection id="recipients" title={t.recipientsTitle}>
        <p>{t.recipients}</p>
        {sms ? <p>{t.recipientsSms}</p> : null}
      </LegalSection>
      <LegalSection id="retention" title={t.retentionTitle}>
        {months === null ? (
          <p>{t.retentionUnknown}</p>
        ) : (
          <>
            <p className="legal__figure">
              <span className="legal__figure-label">{t.retentionMonthsLabel}</span>
              <strong data-retention-months={months}>{t.retentionMonths(months)}</strong>
            </p>
            <p>{t.retention(months)}</p>
            {months > 0 && <p>{t.retentionWhy}</p>}
          </>
        )}
        <p>{t.retentionRest}</p>
      </LegalSection>
      <LegalSection id="rights" title={t.rightsTitle}>
        <TermList items={t.rights} />
        <p>
          {email ? (
            <>
              {t.rightsHowLead}
              <MailTo email={email} />
              {t.rightsHowRest}
            </>
          ) : (
            t.rightsHowMissing
          )}
        </p>
        <p>{t.rightsCounter}</p>
        <p>
          {t.complaintLead}
          {IMY.name}
          {', '}
          <a href={IMY.url} rel="noopener">
            {IMY.label}
          </a>
          {t.complaintRest}
        </p>
      </LegalSection>
      {/* Storage in the customer's own browser: the offline booking queue, the service worker's
          cache of the pages and the theme chosen. Strictly necessary for the service the customer
          asked for, so exempt from consent: lag (2022:482) om elektronisk kommunikation 9 kap.
          28 § (formerly 6 kap. 18 § lag 2003:389, the "cookie law", which also covers Web Storage
          and caches: PTS's and webbriktlinjer.se's guidance "Kaklagen i praktiken"). */}
      <LegalSection id="device" title={t.deviceTitle}>
        <ul>
          {t.device.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>{t.deviceNoConsent}</p>
      </LegalSection>
    </LegalPage>
  );
}

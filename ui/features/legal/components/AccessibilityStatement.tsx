// /tillganglighet: the accessibility statement. A private web shop's e-commerce service falls
// under lag (2023:254) om vissa produkters och tjänsters tillgänglighet (not lag 2018:1937, which
// binds public bodies and is DIGG's): the statement says so and that micro-enterprises providing
// services are exempt, keeps the order of DIGG's well-known template (level of compliance in its
// words: helt / delvis / inte förenlig; "delvis" until a manual review is done), the content that
// is not accessible, content outside, how to report a gap, the supervisory authority under the
// law for e-commerce services (Post- och telestyrelsen, sources in ../texts.ts), what was tested
// and how (the browser tests under test/e2e), and the dates. The requirement is WCAG 2.1 AA via
// EN 301 549.
import { useKiosk } from '../../../lib/kiosk.js';
import type { LegalNotice } from '../api/legal.js';
import { PTS, STATEMENT_ASSESSED, STATEMENT_REVIEWED, accessibilityTexts as t } from '../texts.js';
import { LegalPage, LegalSection, MailTo, TermList } from './LegalPage.js';

export function AccessibilityStatement({ notice }: { notice: LegalNotice | null }) {
  const kiosk = useKiosk();
  const email = notice?.contact_email ?? null;
  return (
    <LegalPage title={t.title} intro={t.intro(kiosk.name)}>
      <LegalSection id="scope" title={t.scopeTitle}>
        <p>{t.scope(kiosk.name)}</p>
        <p>{t.microEnterprise}</p>
      </LegalSection>
      <LegalSection id="compliance" title={t.complianceTitle}>
        <p>{t.compliance}</p>
      </LegalSection>
      <LegalSection id="gaps" title={t.gapsTitle}>
        <p>{t.gapsIntro}</p>
        {t.gaps.length > 0 && <TermList items={t.gaps} />}
      </LegalSection>
      <LegalSection id="out-of-scope" title={t.outOfScopeTitle}>
        <p>{t.outOfScope}</p>
      </LegalSection>
      <LegalSection id="report" title={t.reportTitle}>
        <p>
          {email ? (
            <>
              {t.reportLead}
              <MailTo email={email} />
              {t.reportRest}
            </>
          ) : (
            t.reportMissing
          )}
        </p>
      </LegalSection>
      <LegalSection id="supervision" title={t.supervisionTitle}>
        <p>
          {t.supervisionLead}
          <a href={PTS.url} rel="noopener">
            {PTS.label}
          </a>
          {t.supervisionRest}
        </p>
      </LegalSection>
      <LegalSection id="method" title={t.methodTitle}>
        <p>{t.methodIntro}</p>
        <TermList items={t.method} />
        <p>{t.methodLimit}</p>
        <p>{t.assessed(STATEMENT_ASSESSED)}</p>
        <p>{t.reviewed(STATEMENT_REVIEWED)}</p>
      </LegalSection>
    </LegalPage>
  );
}

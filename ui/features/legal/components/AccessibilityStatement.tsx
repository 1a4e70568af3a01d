// /tillganglighet: the accessibility statement, in the order of DIGG's template ("Skapa en
// tillgänglighetsredogörelse", digg.se): who provides which service, the level of compliance in
// the template's own words (helt / delvis / inte förenlig), the content that is not accessible,
// content outside the requirements, how to report a gap, the supervisory authority (DIGG) with
// its reporting form, the evaluation method, and the dates of the assessment and the last
// update. Lag (2018:1937) om tillgänglighet till digital offentlig service binds public actors
// only; the kiosk follows it by choice. The requirement is WCAG 2.1 AA via EN 301 549.
import { KIOSK } from '../../../lib/texts.js';
import type { LegalNotice } from '../api/legal.js';
import { DIGG, STATEMENT_ASSESSED, STATEMENT_REVIEWED, accessibilityTexts as t } from '../texts.js';
import { LegalPage, LegalSection, MailTo, TermList } from './LegalPage.js';

export function AccessibilityStatement({ notice }: { notice: LegalNotice | null }) {
  const email = notice?.contact_email ?? null;
  return (
    <LegalPage title={t.title} intro={t.intro(KIOSK.name)}>
      <LegalSection id="scope" title={t.scopeTitle}>
        <p>{t.scope(KIOSK.name)}</p>
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
          <a href={DIGG.url} rel="noopener">
            {DIGG.label}
          </a>
          {t.supervisionRest}
        </p>
      </LegalSection>
      <LegalSection id="method" title={t.methodTitle}>
        <p>{t.method}</p>
        <p>{t.assessed(STATEMENT_ASSESSED)}</p>
        <p>{t.reviewed(STATEMENT_REVIEWED)}</p>
      </LegalSection>
    </LegalPage>
  );
}

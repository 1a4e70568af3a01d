// The Swedish texts of the two pages every customer page's footer links to: the privacy notice
// (/integritet) and the accessibility statement (/tillganglighet). The figures that are settings
// (the retention period, the contact address) come in as arguments, never as constants here.

/** When the accessibility statement was assessed (self-assessment, automated) and last reviewed. */
export const STATEMENT_ASSESSED = '27 november 2026';
export const STATEMENT_REVIEWED = '7 december 2026';

/** IMY, the supervisory authority for personal data (GDPR art. 77; IMY's contact page). */
export const IMY = { url: 'https://www.imy.se', label: 'imy.se', name: 'Integritetsskyddsmyndigheten (IMY)' };

/**
 * The supervisory authority under lag (2023:254) om vissa produkters och tjänsters tillgänglighet
 * for e-commerce services: Post- och telestyrelsen (förordning (2023:676) om vissa produkters och
 * tjänsters tillgänglighet, https://www.riksdagen.se/sv/dokument-och-lagar/dokument/svensk-
 * forfattningssamling/forordning-2023676-om-vissa-produkters-och_sfs-2023-676/; PTS's supervision
 * of Swedish web shops under the law since 28 June 2025 is reported at https://netthandel.no/?p=67016
 * and in the guide http://lptt.se). DIGG supervises lag (2018:1937), which binds public bodies only.
 */
export const PTS = { url: 'https://www.pts.se', label: 'pts.se', name: 'Post- och telestyrelsen (PTS)' };

export { footerTexts } from './footerTexts.js';

const months = (n: number) => `${n} ${n === 1 ? 'månad' : 'månader'}`;

export const privacyTexts = {
  title: 'Så hanterar vi dina personuppgifter',
  intro: (kiosk: string) =>
    `Här berättar vi vilka uppgifter ${kiosk} sparar om dig när du förbeställer, varför, hur länge och vad du har rätt till.`,
  controllerTitle: 'Personuppgiftsansvarig',
  controller: (seller: string, identity: string) =>
    `${seller}${identity ? ` (${identity})` : ''} är personuppgiftsansvarig för uppgifterna som sparas via den här webbplatsen.`,
  contactLead: 'Du når oss på ',
  contactMissing: 'Du når oss i kiosken.',
  whatTitle: 'Vad vi sparar och varför',
  whatIntro: 'Vi sparar bara det som behövs för din beställning och för de ändamål vi beskriver här:',
  what: [
    {
      term: 'Bokningen',
      text: 'namn, e-post, telefon, kommentar och beställningen (pizzor, tid, pris). Så att vi kan laga rätt pizzor till rätt tid, bekräfta bokningen och nå dig om något ändras. Beställer du i kiosken eller per telefon sparar vi namnet (och telefonnumret om du lämnar det) med beställningen, även utan e-post.',
    },
    {
      term: 'Uteblivna hämtningar',
      text: 'hämtas inte en bekräftad beställning noterar vi det på bokningen. När du beställer igen med samma e-postadress ser personalen hur många av dina tidigare beställningar som inte hämtades, och kan då ringa eller mejla dig innan beställningen bekräftas.',
    },
    {
      term: 'Mejlloggen',
      text: 'vilka mejl vi har skickat till dig (bekräftelse, påminnelse, när pizzan är klar) och om de kom fram. Så att vi kan se att beskeden nådde dig och svara på frågor om dem.',
    },
    {
      term: 'Pushnotiser',
      text: 'om du ber om en notis när pizzan är klar sparar vi webbläsarens prenumerationsadress kopplad till bokningen. Den tas bort när webbläsaren inte längre tar emot notiser.',
    },
    {
      term: 'SMS',
      text: 'om du kryssar i "SMS när pizzan är klar" använder vi ditt mobilnummer för att skicka besked om beställningen: när den är klar, en påminnelse och om tiden flyttas. Vi sparar om sms:et kom fram, men inte ditt nummer i den loggen.',
      sms: true,
    },
    {
      term: 'VIP-listan',
      text: 'namn, e-post, telefon och anteckningar om du är stamkund på vår VIP-lista: du får boka VIP-dagar och får inbjudningar till dem per mejl. Avregistrerar du dig från inbjudningarna noterar vi när, så att du inte får fler.',
    },
    {
      term: 'Kön',
      text: 'namn, e-post och antal pizzor om du ställer dig i kö till en fullbokad tid, så att vi kan mejla dig när det blir plats.',
    },
  ],
  required:
    'Namn och e-post behöver du lämna för att kunna boka på webben: utan dem kan vi inte ta emot beställningen eller ge dig besked om den. Telefon och kommentar är frivilliga.',
  noAutomatedDecisions:
    'Vi fattar inga automatiska beslut om dig och gör ingen profilering: tidigare uteblivna hämtningar visas bara för personalen, som själv avgör.',
  sealed:
    'Namn, e-post, telefon och anteckningar sparas krypterade. Vi säljer inte dina uppgifter. Den enda marknadsföring vi skickar är VIP-inbjudningar till stamkunder på VIP-listan.',
  basisTitle: 'Rättslig grund',
  basisIntro: 'Varje ändamål har sin rättsliga grund i dataskyddsförordningen:',
  // GDPR art. 6.1 and 13.1 c: each purpose with its basis (https://eur-lex.europa.eu/eli/reg/2016/679/oj;
  // IMY, "Rättslig grund": https://www.imy.se/verksamhet/dataskydd/det-har-galler-enligt-gdpr/rattslig-grund/).
  basis: [
    {
      term: 'Din beställning, din plats i kön och din VIP-bokning',
      text: 'för att fullgöra avtalet med dig (artikel 6.1 b).',
    },
    {
      term: 'Bokföringen',
      text: 'beställningarnas belopp, moms och datum sparas i sju år eftersom bokföringslagen kräver det (artikel 6.1 c). Ditt namn och din e-post behövs inte där och raderas enligt lagringstiden nedan.',
    },
    {
      term: 'Tidigare uteblivna hämtningar',
      text: 'vårt berättigade intresse av att inte laga mat som ingen hämtar (artikel 6.1 f). Vi har vägt det mot ditt intresse: uppgiften visas bara för personalen när du beställer igen och raderas med dina övriga uppgifter.',
    },
    {
      term: 'VIP-inbjudningar per mejl',
      text: 'är direktmarknadsföring. Vi skickar dem bara till stamkunder som själva har lämnat sin e-post till oss, och bara om kioskens egna VIP-dagar, med stöd av vårt berättigade intresse (artikel 6.1 f, skäl 47) och marknadsföringslagen (19 § andra stycket). Varje inbjudan har en länk där du avregistrerar dig med ett klick, och sedan skickar vi inga fler.',
    },
  ],
  recipientsTitle: 'Vem som får ta del av uppgifterna',
  // 46elks AB sends the texts for us: a processor (personuppgiftsbiträde) the customer is told of
  // (GDPR art. 13.1 e, IMY's guidance on the right to information), named only when SMS is on.
  recipientsSms:
    'Sms skickas via vår sms-leverantör 46elks AB, som får ditt mobilnummer och meddelandet för att kunna skicka det åt oss.',
  recipients:
    'Bara personalen i kiosken. Mejlen skickas via vår e-postleverantör, och en pushnotis går via den tjänst din webbläsare använder för notiser (till exempel Google, Mozilla eller Apple), som bara får själva notisen. Tjänsten för notiser väljs av din webbläsare, inte av oss.',
  retentionTitle: 'Hur länge vi sparar uppgifterna',
  // The retention sweep (rule: personal-data-retention) weighs bookings (counter and phone orders
  // with only a name too), queue places, VIP entries and invitations alike: so does the notice.
  retention: (n: number) =>
    n > 0
      ? `Dina personuppgifter raderas automatiskt ${months(n)} efter den senaste dagen du har något hos oss: en beställning (också en i kiosken eller per telefon), en plats i kön, när du lades till på VIP-listan eller senast fick en VIP-inbjudan. Det gäller allt vi sparar om dig, också VIP-listan och kön.`
      : 'Vi har ingen automatisk gallring inställd: dina personuppgifter sparas tills du ber oss radera dem.',
  retentionWhy:
    'Varför så länge: bokföringen ska sparas i sju år, men den behöver bara beloppen, momsen och datumet, inte vem som beställde. Ditt namn och din e-post behövs för beställningen, för frågor och reklamationer om den, för att känna igen stamkunder och tidigare uteblivna hämtningar. Sedan raderas de, så att vi inte sparar en kund som inte kommer tillbaka för alltid.',
  retentionUnknown: 'Lagringstiden kunde inte hämtas just nu. Kontakta oss så berättar vi.',
  retentionMonthsLabel: 'Lagringstid',
  retentionMonths: (n: number) => (n > 0 ? months(n) : 'tills du ber oss radera'),
  retentionRest:
    'Efter raderingen står det "[raderad]" i stället för dina uppgifter överallt där de fanns: i bokningar, i kön, på VIP-listan, i inbjudningar och i mejlloggen. Beställningar och belopp finns kvar utan namn, eftersom de ingår i kioskens bokföring. Du kan när som helst be oss radera tidigare.',
  rightsTitle: 'Dina rättigheter',
  rights: [
    { term: 'Tillgång', text: 'du kan få veta vilka uppgifter vi har om dig och få en kopia (artikel 15).' },
    { term: 'Rättelse', text: 'är något fel rättar vi det (artikel 16).' },
    { term: 'Radering', text: 'du kan be oss radera dina uppgifter (artikel 17).' },
    {
      term: 'Begränsning',
      text: 'du kan be oss att tills vidare bara spara dina uppgifter men inte använda dem, till exempel medan vi kontrollerar om de stämmer eller om du har invänt (artikel 18).',
    },
    {
      term: 'Dataportabilitet',
      text: 'du kan få uppgifterna du själv har lämnat till oss i en maskinläsbar fil (JSON) som du kan ta med till någon annan (artikel 20).',
    },
    {
      term: 'Invändning',
      text: 'du kan när som helst invända mot VIP-inbjudningarna (direktmarknadsföring), och då slutar vi direkt; och mot att vi noterar uteblivna hämtningar, som bygger på vårt berättigade intresse (artikel 21).',
    },
  ],
  rightsHowLead: 'Mejla oss på ',
  rightsHowRest: ' från adressen du bokade med, så svarar vi inom en månad.',
  rightsHowMissing: 'Fråga oss i kiosken, så svarar vi inom en månad.',
  rightsCounter:
    'Beställde du i kiosken eller per telefon utan e-post? Fråga i kiosken och uppge ditt namn och dagen, eller ordernumret, så hittar vi dina uppgifter.',
  complaintLead: 'Är du inte nöjd med hur vi hanterar dina uppgifter kan du klaga hos ',
  complaintRest: '.',
  deviceTitle: 'Det som sparas i din enhet',
  device: [
    'Beställningar du gör utan uppkoppling sparas i webbläsaren tills de har skickats till oss.',
    'Webbplatsens sidor, menyn och ditt val av tema sparas i webbläsaren så att den fungerar även utan uppkoppling.',
  ],
  deviceNoConsent:
    'Det här är lagring som krävs för att ge dig tjänsten du har bett om, så den kräver inget samtycke. Vi använder inga kakor för statistik eller reklam.',
};

export const accessibilityTexts = {
  title: 'Tillgänglighetsredogörelse',
  intro: (kiosk: string) =>
    `${kiosk} vill att alla ska kunna förbeställa pizza här, oavsett funktionsnedsättning och hjälpmedel. Här beskriver vi vilken lag som gäller, hur webbplatsen uppfyller kraven, vilka brister vi känner till och hur du meddelar oss brister.`,
  scopeTitle: 'Om redogörelsen',
  // Lag (2023:254) om vissa produkters och tjänsters tillgänglighet (https://www.riksdagen.se/sv/
  // dokument-och-lagar/dokument/svensk-forfattningssamling/lag-2023254-om-vissa-produkters-och-
  // tjansters_sfs-2023-254/), implementing directive (EU) 2019/882 (https://eur-lex.europa.eu/eli/
  // dir/2019/882/oj): e-commerce services to consumers are in scope; services provided by a
  // micro-enterprise (fewer than 10 persons employed and an annual turnover or balance sheet total
  // of at most EUR 2 million, art. 3.23 and 4.5 of the directive) are exempt.
  scope: (kiosk: string) =>
    `Redogörelsen gäller den här webbplatsen, där du förbeställer pizza hos ${kiosk}. En webbutik som säljer till konsumenter är en e-handelstjänst enligt lagen (2023:254) om vissa produkters och tjänsters tillgänglighet. Lagen (2018:1937) om tillgänglighet till digital offentlig service gäller bara offentliga aktörer, inte oss.`,
  microEnterprise:
    'Ett mikroföretag som tillhandahåller tjänster, det vill säga har färre än 10 anställda och en årsomsättning eller balansomslutning på högst 2 miljoner euro, är undantaget från lagens krav. Även om kiosken är ett sådant företag vill vi att webbplatsen ska vara tillgänglig, och vi redovisar här hur den uppfyller kraven.',
  complianceTitle: 'Hur tillgänglig är webbplatsen?',
  // "Delvis förenlig" until a person has reviewed the pages by hand: the automated checks below
  // find only part of what WCAG 2.1 AA (EN 301 549) asks (the accessibility gap Lighthouse found
  // on 27 November 2026, the logo link's name, WCAG 2.5.3, is fixed: ui/lib/texts.ts, home).
  compliance:
    'Webbplatsen är delvis förenlig med kraven, som bygger på WCAG 2.1 nivå AA (standarden EN 301 549). Vi har bara testat den med automatiska verktyg och egna tester; en manuell granskning av en person med hjälpmedel har inte gjorts än. Tills den är gjord kan vi inte lova att alla krav är uppfyllda.',
  gapsTitle: 'Innehåll som inte är tillgängligt',
  gapsIntro:
    'De automatiska testerna hittar inga brister. Det som inte har granskats manuellt (till exempel hur sidorna fungerar med skärmläsare och förstoring) kan ha brister vi inte känner till. Hittar du något som inte fungerar, säg till så rättar vi det.',
  gaps: [] as { term: string; text: string }[],
  outOfScopeTitle: 'Innehåll som inte omfattas',
  outOfScope: 'Personalens sidor (under /admin) är inte till för kunder och ingår inte i redogörelsen.',
  reportTitle: 'Meddela brister',
  reportLead:
    'Upptäcker du något som inte fungerar för dig, eller behöver du innehållet i ett annat format? Mejla oss på ',
  reportRest: ', så svarar vi så snart vi kan.',
  reportMissing:
    'Upptäcker du något som inte fungerar för dig, eller behöver du innehållet i ett annat format? Säg till i kiosken.',
  supervisionTitle: 'Tillsyn',
  supervisionLead:
    'Post- och telestyrelsen (PTS) har tillsyn över att e-handelstjänster följer lagen om vissa produkters och tjänsters tillgänglighet. Är du inte nöjd med hur vi hanterar dina synpunkter kan du anmäla det till PTS på ',
  supervisionRest: '.',
  methodTitle: 'Hur vi har testat webbplatsen',
  methodIntro: 'Självskattning med automatiska tester som körs vid varje ändring av webbplatsen:',
  method: [
    {
      term: 'axe i Chromium',
      text: 'kösidan, orderstatus och de här två sidorna kontrolleras med axe (WCAG 2.1 A och AA, också färgkontrast enligt AA) i en riktig webbläsare, i både det klassiska och det napolitanska temat, på 360 pixlars bredd och på datorskärm; bokningssidan och Min bokning likadant, där med allvarliga och kritiska fynd (dit färgkontrast hör).',
    },
    {
      term: 'Bara tangentbord',
      text: 'en hel bokning görs med enbart tangentbordet, och fokus flyttas in i bekräftelsen och tillbaka.',
    },
    {
      term: 'Klickytor',
      text: 'knapparna på orderstatusskärmen och i personalens beställningsdialog mäts till minst 44 pixlar. På bokningssidan har klickytornas storlek inte mätts automatiskt.',
    },
    {
      term: 'Giltig HTML',
      text: 'sidornas kod kontrolleras med html-validate, och Lighthouse tillgänglighetsgranskning har körts på kundsidorna.',
    },
  ],
  methodLimit: 'Automatiska test hittar inte alla brister: hör av dig om du stöter på något.',
  assessed: (date: string) => `Bedömningen gjordes den ${date}.`,
  reviewed: (date: string) => `Redogörelsen uppdaterades senast den ${date}.`,
};

// The Swedish texts of the two pages every customer page's footer links to: the privacy notice
// (/integritet) and the accessibility statement (/tillganglighet). The figures that are settings
// (the retention period, the contact address) come in as arguments, never as constants here.

/** When the accessibility statement was assessed and last reviewed (DIGG: both dates are required). */
export const STATEMENT_ASSESSED = '27 november 2026';
export const STATEMENT_REVIEWED = '27 november 2026';

/** IMY, the supervisory authority for personal data (GDPR art. 77; IMY's contact page). */
export const IMY = { url: 'https://www.imy.se', label: 'imy.se', name: 'Integritetsskyddsmyndigheten (IMY)' };

/** DIGG's own form for reporting an inaccessible service (DIGG: "Skapa en tillgänglighetsredogörelse"). */
export const DIGG = { url: 'https://www.digg.se/tdosanmalan', label: 'digg.se/tdosanmalan' };

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
  whatIntro: 'Vi sparar bara det som behövs för att ta emot, laga och lämna ut din beställning:',
  what: [
    {
      term: 'Bokningen',
      text: 'namn, e-post, telefon, kommentar och beställningen (pizzor, tid, pris). Så att vi kan laga rätt pizzor till rätt tid, bekräfta bokningen och nå dig om något ändras.',
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
      text: 'namn, e-post, telefon och anteckningar om du är stamkund som får boka tidigare och få inbjudningar.',
    },
    {
      term: 'Kön',
      text: 'namn, e-post och antal pizzor om du ställer dig i kö till en fullbokad tid, så att vi kan mejla dig när det blir plats.',
    },
  ],
  required:
    'Namn och e-post behöver du lämna för att kunna boka: utan dem kan vi inte ta emot beställningen eller ge dig besked om den. Telefon och kommentar är frivilliga.',
  noAutomatedDecisions: 'Vi fattar inga automatiska beslut om dig och gör ingen profilering.',
  sealed:
    'Namn, e-post, telefon och anteckningar sparas krypterade. Vi säljer inte dina uppgifter och använder dem inte för reklam.',
  basisTitle: 'Rättslig grund',
  basis:
    'Vi behandlar uppgifterna för att kunna fullgöra avtalet med dig: din beställning, din plats i kön och din VIP-bokning (artikel 6.1 b i dataskyddsförordningen).',
  recipientsTitle: 'Vem som får ta del av uppgifterna',
  // 46elks AB sends the texts for us: a processor (personuppgiftsbiträde) the customer is told of
  // (GDPR art. 13.1 e, IMY's guidance on the right to information), named only when SMS is on.
  recipientsSms:
    'Sms skickas via vår sms-leverantör 46elks AB, som får ditt mobilnummer och meddelandet för att kunna skicka det åt oss.',
  recipients:
    'Bara personalen i kiosken. Mejlen skickas via vår e-postleverantör, och en pushnotis går via den tjänst din webbläsare använder för notiser (till exempel Google, Mozilla eller Apple), som bara får själva notisen. Tjänsten för notiser väljs av din webbläsare, inte av oss.',
  retentionTitle: 'Hur länge vi sparar uppgifterna',
  retention: (n: number) =>
    n > 0
      ? `Dina personuppgifter raderas automatiskt ${months(n)} efter dagen för din senaste bokning eller köplats (eller, om du bara finns på VIP-listan, efter att du lades till eller senast bjöds in).`
      : 'Vi har ingen automatisk gallring inställd: dina personuppgifter sparas tills du ber oss radera dem.',
  retentionUnknown: 'Lagringstiden kunde inte hämtas just nu. Kontakta oss så berättar vi.',
  retentionMonthsLabel: 'Lagringstid',
  retentionMonths: (n: number) => (n > 0 ? months(n) : 'tills du ber oss radera'),
  retentionRest:
    'Efter raderingen står det "[raderad]" i stället för dina uppgifter. Beställningar och belopp finns kvar utan namn, eftersom de ingår i kioskens bokföring. Uppgifter på VIP-listan och köplatser utan bokning sparas tills du eller vi tar bort dem.',
  rightsTitle: 'Dina rättigheter',
  rights: [
    { term: 'Tillgång', text: 'du kan få veta vilka uppgifter vi har om dig och få en kopia (artikel 15).' },
    { term: 'Rättelse', text: 'är något fel rättar vi det (artikel 16).' },
    { term: 'Radering', text: 'du kan be oss radera dina uppgifter (artikel 17).' },
    { term: 'Invändning', text: 'du kan invända mot hur vi behandlar dina uppgifter (artikel 21).' },
  ],
  rightsHowLead: 'Mejla oss på ',
  rightsHowRest: ' från adressen du bokade med, så svarar vi inom en månad.',
  rightsHowMissing: 'Fråga oss i kiosken, så svarar vi inom en månad.',
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
    `${kiosk} vill att alla ska kunna förbeställa pizza här, oavsett funktionsnedsättning och hjälpmedel. Här beskriver vi hur webbplatsen uppfyller kraven, vilka brister vi känner till och hur du meddelar oss brister.`,
  scopeTitle: 'Om redogörelsen',
  scope: (kiosk: string) =>
    `Redogörelsen gäller den här webbplatsen, där du förbeställer pizza hos ${kiosk}. Lagen om tillgänglighet till digital offentlig service (2018:1937) gäller offentliga aktörer; vi är ett privat företag och följer den frivilligt, med Diggs mall för tillgänglighetsredogörelser.`,
  complianceTitle: 'Hur tillgänglig är webbplatsen?',
  // Level of compliance in the words of DIGG's template (helt / delvis / inte förenlig). The one
  // gap found on 27 November 2026 by Lighthouse's accessibility audit (axe's
  // label-content-name-mismatch: the logo link's name left out its visible tagline, WCAG 2.1 2.5.3)
  // is fixed: the link's name now holds its visible text (ui/lib/texts.ts, home).
  compliance: 'Webbplatsen är helt förenlig med lagkraven, som bygger på WCAG 2.1 nivå AA (standarden EN 301 549).',
  gapsTitle: 'Innehåll som inte är tillgängligt',
  gapsIntro:
    'Vi känner inte till något innehåll som inte är tillgängligt. Hittar du något som inte fungerar, säg till så rättar vi det.',
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
    'Myndigheten för digital förvaltning (Digg) har tillsyn över lagen om tillgänglighet till digital offentlig service. Är du inte nöjd med hur vi hanterar dina synpunkter kan du anmäla det till Digg på ',
  supervisionRest: '.',
  methodTitle: 'Hur vi har testat webbplatsen',
  method:
    'Självskattning: varje kundsida kontrolleras automatiskt med axe (WCAG 2.1 A och AA) och Lighthouse i en riktig webbläsare och med html-validate, och vi har granskat sidorna på 360 pixlars bredd och på datorskärm, i både ljust och mörkt tema. Automatiska test hittar inte alla brister: hör av dig om du stöter på något.',
  assessed: (date: string) => `Bedömningen gjordes den ${date}.`,
  reviewed: (date: string) => `Redogörelsen uppdaterades senast den ${date}.`,
};

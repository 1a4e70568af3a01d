// The privacy notice (/integritet) and the accessibility statement (/tillganglighet): rendered on
// the server, their sections in the first HTML, and the figures that are settings (the retention
// period of personal data, the kiosk's contact address) read from the settings as configured.
// Needs the UI build (npm test builds it first).
import { describe, expect, it } from 'vitest';
import { ADMIN, MONDAY_MORNING, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });

async function html(path: string): Promise<string> {
  const response = await fetch(t.base + path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toContain('text/html');
  return response.text();
}

/** The HTML's text, tags dropped, entities of the texts decoded, whitespace collapsed. */
const textOf = (page: string) =>
  page
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

async function setRetention(months: number) {
  const admin = await t.login();
  const settings = (await t.get('/api/admin/settings', admin)).body;
  const saved = await t.put('/api/admin/settings', { ...settings, personal_data_retention_months: months }, admin);
  expect(saved.status).toBe(200);
}

describe('GET /api/legal', () => {
  it('answers the retention period and the contact address as the settings hold them', async () => {
    await setRetention(0);
    expect((await t.get('/api/legal')).body).toEqual({
      personal_data_retention_months: 0,
      contact_email: ADMIN.email,
      sms_enabled: false,
    });
    await setRetention(18);
    expect((await t.get('/api/legal')).body).toEqual({
      personal_data_retention_months: 18,
      contact_email: ADMIN.email,
      sms_enabled: false,
    });
  });
});

describe('/integritet, the privacy notice', () => {
  it('is rendered on the server with every section GDPR art. 13 asks for', async () => {
    await setRetention(18);
    const text = textOf(await html('/integritet'));
    for (const heading of [
      'Så hanterar vi dina personuppgifter',
      'Personuppgiftsansvarig',
      'Vad vi sparar och varför',
      'Rättslig grund',
      'Vem som får ta del av uppgifterna',
      'Hur länge vi sparar uppgifterna',
      'Dina rättigheter',
      'Det som sparas i din enhet',
    ])
      expect(text, heading).toContain(heading);
    for (const kept of ['Bokningen', 'Uteblivna hämtningar', 'Mejlloggen', 'Pushnotiser', 'VIP-listan', 'Kön'])
      expect(text).toContain(kept);
    expect(text).toContain('fullgöra avtalet');
    for (const right of ['Tillgång', 'Rättelse', 'Radering', 'Begränsning', 'Dataportabilitet', 'Invändning'])
      expect(text, right).toContain(right);
    expect(text).toContain('Integritetsskyddsmyndigheten (IMY)');
    expect(text).toContain('kräver inget samtycke');
    expect(text).toContain('Telefon och kommentar är frivilliga');
    expect(text).toContain('inga automatiska beslut');
    expect(text).toContain(`Mejla oss på ${ADMIN.email}`);
    // SMS is not configured here: neither the texts nor their provider are named.
    expect(text).not.toContain('46elks');
    expect(text).not.toContain('SMS när pizzan är klar');
  });

  it('shows the configured retention period, and follows a change of it', async () => {
    await setRetention(18);
    const first = await html('/integritet');
    expect(first).toContain('data-retention-months="18"');
    expect(textOf(first)).toContain('raderas automatiskt 18 månader efter den senaste dagen du har något hos oss');

    await setRetention(1);
    const changed = textOf(await html('/integritet'));
    expect(changed).toContain('raderas automatiskt 1 månad efter');
    expect(changed).not.toContain('18 månader');

    // 0: no automatic erasure, and the page says so rather than naming a period.
    await setRetention(0);
    const kept = await html('/integritet');
    expect(kept).toContain('data-retention-months="0"');
    expect(textOf(kept)).toContain('sparas tills du ber oss radera dem');
    expect(textOf(kept)).not.toContain('raderas automatiskt');
  });
});

describe('/tillganglighet, the accessibility statement', () => {
  it('is rendered on the server in the structure of DIGG template, under the law that binds a web shop', async () => {
    const text = textOf(await html('/tillganglighet'));
    for (const heading of [
      'Tillgänglighetsredogörelse',
      'Hur tillgänglig är webbplatsen?',
      'Innehåll som inte är tillgängligt',
      'Meddela brister',
      'Tillsyn',
      'Hur vi har testat webbplatsen',
    ])
      expect(text, heading).toContain(heading);
    // The one gap Lighthouse found (the logo link's name, WCAG 2.5.3) is fixed: the link's name
    // holds its visible name and tagline, so the statement says fully compliant.
    expect(text).toContain('delvis förenlig');
    expect(text).not.toContain('helt förenlig');
    expect(await html('/tillganglighet')).toContain(
      'aria-label="Pizzakiosken Stenugnsbakad pizza, beställd i förväg – startsida"',
    );
    expect(text).toContain('WCAG 2.1 nivå AA');
    expect(text).toContain('lagen (2023:254) om vissa produkters och tjänsters tillgänglighet');
    expect(text).toContain('Post- och telestyrelsen (PTS)');
    expect(text).not.toContain('Digg');
    expect(text).toMatch(/Bedömningen gjordes den \d+ \S+ \d{4}\./);
    expect(text).toMatch(/Redogörelsen uppdaterades senast den \d+ \S+ \d{4}\./);
    expect(text).toContain(`Mejla oss på ${ADMIN.email}`);
  });
});

// Rule legal-pages (issue 45): what the notice must say, each read against the code it describes.
describe('/integritet says what the code really does', () => {
  it('names each purpose with its basis: the contract, the books, earlier no-shows and the VIP invitations as direct marketing', async () => {
    const text = textOf(await html('/integritet'));
    expect(text).toContain('artikel 6.1 b');
    expect(text).toContain('bokföringslagen kräver det (artikel 6.1 c)');
    expect(text).toContain('Tidigare uteblivna hämtningar : vårt berättigade intresse');
    expect(text).toContain('VIP-inbjudningar per mejl : är direktmarknadsföring');
    expect(text).toContain('avregistrerar dig med ett klick');
    expect(text).toContain('maskinläsbar fil (JSON)');
    expect(text).toContain('(artikel 18)');
    expect(text).toContain('(artikel 20)');
    expect(text).toContain('(artikel 21)');
    // No more "not used for marketing" beside the VIP invitations.
    expect(text).not.toContain('använder dem inte för reklam');
  });

  it('says the sweep takes VIP entries and queue places too (it does: customersLastActiveBefore), never that they are kept until removed', async () => {
    await setRetention(24);
    const text = textOf(await html('/integritet'));
    expect(text).toContain('också VIP-listan och kön');
    expect(text).not.toContain('sparas tills du eller vi tar bort dem');
    expect(text).toContain('bokföringen ska sparas i sju år');
    expect(text).toContain('utan e-post');
  });
});

describe('every customer page', () => {
  it('links both pages from its footer', async () => {
    for (const path of ['/', '/my-booking', '/integritet', '/tillganglighet']) {
      const page = await html(path);
      const footer = page.slice(page.indexOf('<footer'), page.indexOf('</footer>'));
      expect(footer, path).toContain('href="/integritet"');
      expect(footer, path).toContain('href="/tillganglighet"');
    }
  });
});

describe('/integritet where the kiosk texts its customers', () => {
  // SMS configured (no text is sent here: nothing is marked Klar).
  const sms = useTestServer({
    now: () => MONDAY_MORNING,
    config: { sms: { username: 'u', password: 'p', from: 'Pizzakiosk', baseUrl: 'https://127.0.0.1:9/a1' } },
  });

  it('names the texts and their provider as a recipient of the mobile number (GDPR art. 13.1 e)', async () => {
    expect((await sms.get('/api/legal')).body).toMatchObject({ sms_enabled: true });
    const response = await fetch(sms.base + '/integritet');
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain('SMS när pizzan är klar');
    expect(text).toContain('46elks AB');
  });
});

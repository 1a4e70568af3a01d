/// <reference lib="dom" />
// The Swish page in Chromium (issue 49) against the built server, set up through its environment
// with a client certificate from a CA the test made, and a Swish of the test's own on loopback
// (HTTPS that checks the client certificate). The owner finds "Swish" in the navigation, sees the
// Swish number, the callback and the certificate's subject and end (never the key), presses
// "Testa anslutningen" (a real mutual-TLS call), is refused a bad number in Swedish and saves
// "Krävs från 4 pizzor" (rule: swish-prepay), which a reload shows again. The certificate ends in
// 12 days, so the dashboard shows its banner (rule: swish-certificate). Axe finds nothing at 360
// and 1280 px in both themes. SWISH_SHOTS=<folder> saves screenshots.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browserSuite.js';
import { SWISH_PAYEE, swishKiosk } from './swishKiosk.js';
import { axeFindings } from './axe.js';
import { hydrated } from './harness.js';

const shots = process.env.SWISH_SHOTS;

// Swish first: the server is started with its address and the certificate's files.
const kiosk = swishKiosk('swish-e2e', { certificateEnds: new Date(Date.now() + 12 * 86_400_000 + 3_600_000) });
const suite = browserSuite({ env: kiosk.env, shots });

describe('/admin/swish in the browser', () => {
  it('shows the setup, tests the connection, refuses a bad number and saves the prepay rule', async () => {
    const { page, errors } = await suite.signedIn(1280);
    await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Swish' }).click();
    await page.waitForURL('**/admin/swish');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Swish');
    const setup = page.locator('.swish-setup');
    const text = await setup.textContent();
    expect(text).toContain(SWISH_PAYEE);
    expect(text).toContain('https://pizza.example.se/api/swish/callback');
    expect(text).toContain(`CN=${SWISH_PAYEE}, O=Pizzakiosken Test AB`);
    expect(text).toMatch(/12 dagar kvar/);
    expect(text).not.toMatch(/PRIVATE KEY/);

    const before = kiosk.swish().requests.length;
    await page.getByRole('button', { name: 'Testa anslutningen' }).click();
    await page.getByText('Anslutningen fungerar: Swish tog emot certifikatet (svarade 404).').waitFor();
    expect(
      kiosk
        .swish()
        .requests.slice(before)
        .map((r) => r.clientCn),
    ).toEqual([SWISH_PAYEE]);

    await page.getByLabel('Krävs från ett antal pizzor').check();
    await page.getByLabel('Från antal pizzor').fill('0');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Ange från hur många pizzor betalning krävs: ett heltal från 1 till 1000').waitFor();
    await page.getByLabel('Från antal pizzor').fill('4');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Swish-inställningen sparad!').waitFor();
    expect((await suite.server.api('GET', '/api/admin/swish', undefined, suite.cookie)).body.prepay).toEqual({
      choice: 'required_from_pizzas',
      from_pizzas: 4,
    });

    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel('Krävs från ett antal pizzor').isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Från antal pizzor').inputValue()).resolves.toBe('4');
    expect(errors).toEqual([]);
  });

  it('the dashboard warns of the certificate’s end with a link to the Swish page, as /api/ready does', async () => {
    const { page, errors } = await suite.signedIn(1280);
    const banner = page.locator('.swish-certificate-banner');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toMatch(/Swish-certifikatet går ut .* \(om 12 dagar\)/);
    await banner.getByRole('link', { name: 'Visa Swish' }).click();
    await page.waitForURL('**/admin/swish');
    expect((await suite.server.api('GET', '/api/ready')).body.alerts).toContain('swish_certificate_expiring');
    expect(errors).toEqual([]);
  });

  it('at 360 and 1280 px in both themes: axe finds nothing', async () => {
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page } = await suite.signedIn(width, theme);
        if (shots) await page.screenshot({ path: join(shots, `swish-dashboard-${theme}-${width}.png`) });
        await page.goto('/admin/swish');
        await hydrated(page);
        expect(await axeFindings(page, `swish ${theme} ${width}`)).toEqual([]);
        await page.getByRole('button', { name: 'Testa anslutningen' }).click();
        await page.getByText(/Anslutningen fungerar/).waitFor();
        expect(await axeFindings(page, `swish tested ${theme} ${width}`)).toEqual([]);
        if (shots) await page.screenshot({ path: join(shots, `swish-${theme}-${width}.png`), fullPage: true });
      }
    }
  });
});

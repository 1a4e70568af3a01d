/// <reference lib="dom" />
// /admin/pizzas, /admin/bonus-codes, /admin/reports and /admin/settings in a real Chromium
// against the built server: a pizza priced in kr created, edited and deleted (the public menu
// follows); a bonus code used through POST /api/bookings until its limit badge shows, then
// toggled inactive and deleted; the report PDF under SPEC's file name (the daily report's is in
// admin.e2e.test.ts); the report date messages; settings validated, saved (GET /api/settings
// follows), synced and reset; no console errors; and axe on the four screens in both themes.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { defaultAccountingSettings, rateOf, ratesInForce, vatOfReceipt } from '../../domain/accounting/accounting.js';
import { inDays, signIn } from './harness.js';
import { browserSuite } from './browserSuite.js';

const suite = browserSuite();

/** A fresh browser signed in through /admin/login. */
async function signedIn(width = 1280, theme?: string) {
  const { page, errors } = await suite.fresh(width, theme, { acceptDownloads: true });
  // window.confirm: accepted, and its text kept for the assertions.
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await signIn(page);
  return { page, errors, dialogs };
}

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text }).first().waitFor();
const publicPizzas = async () =>
  (await suite.server.api('GET', '/api/pizzas')).body as { id: number; name: string; price_cents: number }[];

describe('/admin/pizzas', () => {
  it('creates a pizza priced in kr, edits and deletes it; the public menu follows', async () => {
    const { page, errors, dialogs } = await signedIn(390);
    await page.goto('/admin/pizzas');
    await page.getByRole('heading', { name: 'Margherita' }).waitFor();

    await page.getByRole('button', { name: '+ Ny pizza' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: 'Skapa pizza' }).click();
    await form.getByText('Namn och pris måste anges').waitFor();
    await form.getByLabel('Namn').fill('Diavola');
    await form.getByLabel('Pris (kr)').fill('0');
    await form.getByRole('button', { name: 'Skapa pizza' }).click();
    await form.getByText('Namn och pris måste anges').waitFor();
    expect(await form.getByLabel('Pris (kr)').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Beskrivning').fill('Tomatsås, mozzarella, salami piccante');
    await form.getByLabel('Pris (kr)').fill('89.50');
    // The allergen declaration (rule: allergen-declaration; allergens.e2e.test.ts has the rest).
    await form.getByRole('checkbox', { name: 'Spannmål som innehåller gluten' }).check();
    await form.getByRole('checkbox', { name: 'Mjölk' }).check();
    await form.getByRole('button', { name: 'Skapa pizza' }).click();
    await toast(page, 'Pizza skapad!');
    await form.waitFor({ state: 'detached' });
    const card = page.locator('.pizza-card', { hasText: 'Diavola' });
    expect(await card.textContent()).toContain('Aktiv');
    let created = (await publicPizzas()).find((p) => p.name === 'Diavola');
    expect(created).toMatchObject({
      price_cents: 8950,
      description: 'Tomatsås, mozzarella, salami piccante',
      active: 1,
    });

    await page.getByRole('button', { name: 'Redigera Diavola' }).click();
    expect(await form.getByLabel('Pris (kr)').inputValue()).toBe('89.5');
    await form.getByLabel('Pris (kr)').fill('112.35');
    await form.getByRole('button', { name: 'Spara ändringar' }).click();
    await toast(page, 'Pizza uppdaterad!');
    created = (await publicPizzas()).find((p) => p.name === 'Diavola');
    expect(created?.price_cents).toBe(11235);
    // The grid is read again after the save's toast: on a slow machine the toast comes first.
    await expect.poll(() => card.locator('.pizza-card__price').textContent()).toBe('112,35 kr');

    // Inactive: off the public menu, still in the admin's grid with its badge.
    await page.getByRole('button', { name: 'Redigera Diavola' }).click();
    await form.getByLabel('Aktiv (visas på menyn)').uncheck();
    await form.getByRole('button', { name: 'Spara ändringar' }).click();
    await expect.poll(() => card.locator('.badge').textContent()).toBe('Inaktiv');
    expect((await publicPizzas()).some((p) => p.name === 'Diavola')).toBe(false);

    await page.getByRole('button', { name: 'Ta bort Diavola' }).click();
    await toast(page, 'Pizza borttagen!');
    expect(dialogs).toContain('Är du säker på att du vill ta bort "Diavola"?');
    await card.waitFor({ state: 'detached' });
    const all = (await suite.server.api('GET', '/api/admin/pizzas', undefined, suite.cookie)).body as {
      name: string;
    }[];
    expect(all.some((p) => p.name === 'Diavola')).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('/admin/bonus-codes', () => {
  it('creates a code, shows the limit reached after bookings use it, toggles it inactive and deletes it', async () => {
    const { page, errors, dialogs } = await signedIn();
    await page.goto('/admin/bonus-codes');
    await page.getByText('Inga bonuskoder ännu').waitFor();

    await page.getByRole('button', { name: '+ Ny bonuskod' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Kod').fill('');
    await form.getByRole('button', { name: 'Skapa bonuskod' }).click();
    await form.getByText('Bonuskod krävs').waitFor();
    await form.getByLabel('Kod').fill('fest10');
    expect(await form.getByLabel('Kod').inputValue()).toBe('FEST10');
    await form.getByLabel('Beskrivning').fill('Fredagsfest');
    await form.getByLabel('Rabatt (%)').fill('150');
    await form.getByRole('button', { name: 'Skapa bonuskod' }).click();
    await form.getByText('Rabatten måste vara mellan 0 och 100 procent').waitFor();
    await form.getByLabel('Rabatt (%)').fill('12.5');
    await form.getByLabel('Max antal användningar').fill('2');
    await form.getByRole('button', { name: 'Skapa bonuskod' }).click();
    await toast(page, 'Bonuskod skapad');
    const row = page.locator('tr[data-code="FEST10"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('0 / 2');
    expect(await row.textContent()).toContain('Tills vidare');
    expect(await page.locator('.stat-cards').textContent()).toContain('12,5 %');

    for (const [i, time] of ['11:00', '11:30'].entries()) {
      const booked = await suite.server.api('POST', '/api/bookings', {
        date: inDays(3),
        time,
        name: `Festkund ${i}`,
        email: `fest${i}@example.se`,
        dine_in: false,
        items: [{ pizza_id: 1, qty: 1 }],
        requested_pizzas: 1,
        bonus_code: 'fest10',
      });
      expect(booked.status).toBe(201);
      expect(booked.body.booking.discount_cents).toBeGreaterThan(0);
    }
    await page.reload();
    await row.getByText('Gräns nådd').waitFor();
    expect(await row.textContent()).toContain('2 / 2');

    await row.getByRole('button', { name: /^Aktiv/ }).click();
    await toast(page, 'Bonuskod inaktiverad');
    await row.getByRole('button', { name: /^Inaktiv/ }).waitFor();
    const codes = (await suite.server.api('GET', '/api/admin/bonus-codes', undefined, suite.cookie)).body as any[];
    expect(codes.find((c) => c.code === 'FEST10')).toMatchObject({
      is_active: 0,
      used_count: 2,
      usage_limit: 2,
      discount_percentage: 12.5,
    });

    // An expiry in the past: 'Utgången'.
    await row.getByRole('button', { name: 'Redigera FEST10' }).click();
    await form.getByLabel('Giltig till').fill('2020-05-01T12:00');
    await form.getByRole('button', { name: 'Spara ändringar' }).click();
    await toast(page, 'Bonuskod uppdaterad');
    await row.getByText('Utgången').waitFor();

    await row.getByRole('button', { name: 'Radera FEST10' }).click();
    await toast(page, 'Bonuskod raderad');
    expect(dialogs).toEqual(['Är du säker på att du vill radera bonuskoden "FEST10"?']);
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});

describe('/admin/reports', () => {
  it('asks for both dates in order, then downloads bokningsrapport-{start}-{end}.pdf', async () => {
    const { page, errors } = await signedIn(390);
    await page.goto('/admin/reports');
    const form = page.getByRole('form', { name: 'Bokningsrapport' });
    const download = form.getByRole('button', { name: 'Ladda ner PDF' });
    await download.click();
    await page.locator('#report-error', { hasText: 'Välj både start- och slutdatum' }).waitFor();
    await toast(page, 'Välj både start- och slutdatum');
    await form.getByLabel('Startdatum').fill(inDays(5));
    await form.getByLabel('Slutdatum').fill(inDays(1));
    await download.click();
    await page.locator('#report-error', { hasText: 'Startdatum måste vara före slutdatum' }).waitFor();

    await form.getByRole('button', { name: 'Nästa 7 dagarna' }).click();
    expect(await form.getByLabel('Startdatum').inputValue()).toBe(inDays(0));
    expect(await form.getByLabel('Slutdatum').inputValue()).toBe(inDays(7));
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`bokningsrapport-${inDays(0)}-${inDays(7)}.pdf`);
    await toast(page, 'Rapport nedladdad!');
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await page.locator('#report-error').count()).toBe(0);
    expect(errors).toEqual([]);
  });
  it('shows the books for a period to the öre, downloads the CSV and the SIE file, and keeps the VAT rates', async () => {
    // Two confirmed bookings the day after tomorrow, one eaten in, one taken away; one left pending.
    const date = inDays(2);
    const price = (
      (await suite.server.api('GET', '/api/pizzas')).body as Array<{ id: number; price_cents: number }>
    ).find((p) => p.id === 1)!.price_cents;
    for (const [time, dine_in, confirm] of [
      ['12:00', true, true],
      ['12:15', false, true],
      ['12:30', false, false],
    ] as const) {
      const placed = await suite.server.api('POST', '/api/bookings', {
        date,
        time,
        name: 'Bo Bokförd',
        email: `bok${time.replace(':', '')}@example.se`,
        dine_in,
        items: [{ pizza_id: 1, qty: 1 }],
        requested_pizzas: 1,
      });
      expect(placed.status).toBe(201);
      if (confirm)
        expect(
          (
            await suite.server.api(
              'PUT',
              `/api/admin/bookings/${(placed.body as { booking_id: string }).booking_id}/confirm`,
              {},
              suite.cookie,
            )
          ).status,
        ).toBe(200);
    }
    const krOre = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}\u00a0kr`;
    // The law's table: eaten in at 12 %, taken away at the rate in force on the day (6 % until 2027).
    const law = defaultAccountingSettings();
    const columns = ratesInForce(law, inDays(0), inDays(7));
    const sold = [
      rateOf({ booking_date: date, dine_in: true }, law),
      rateOf({ booking_date: date, dine_in: false }, law),
    ];

    for (const [theme, width] of [
      ['classic', 360],
      ['napoli', 1280],
    ] as const) {
      const { page, errors } = await signedIn(width, theme);
      await page.goto('/admin/reports');
      const books = page.getByRole('form', { name: 'Bokföringsunderlag' });
      await books.getByRole('button', { name: 'Visa underlag' }).click();
      await books.locator('#accounting-error', { hasText: 'Välj både start- och slutdatum' }).waitFor();
      await books.getByRole('button', { name: 'Nästa 7 dagarna' }).click();
      await books.getByRole('button', { name: 'Visa underlag' }).click();
      const table = books.getByRole('table');
      await table.waitFor();
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader') })
        .first();
      const cells = await row.getByRole('cell').allTextContents();
      // Ordrar, Brutto, Rabatt, Försäljning, then Netto and Moms per rate of the law's table.
      expect(cells).toEqual([
        '2',
        krOre(2 * price),
        krOre(0),
        krOre(2 * price),
        ...columns.flatMap((rate) => {
          const sales = sold.filter((r) => r === rate).length * price;
          const vat = sold.filter((r) => r === rate).length * vatOfReceipt(price, rate);
          return [krOre(sales - vat), krOre(vat)];
        }),
      ]);
      expect(await books.getByRole('listitem').filter({ hasText: 'Bo Bokförd' }).allTextContents()).toEqual([
        expect.stringMatching(/^Ej hämtad .*12:30, Bo Bokförd/),
      ]);
      const axe = await new AxeBuilder({ page }).include('.accounting').analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${theme} ${width}: ${v.id}`),
      ).toEqual([]);
      expect(errors).toEqual([]);
    }

    const { page, errors } = await signedIn(1280);
    await page.goto('/admin/reports');
    const books = page.getByRole('form', { name: 'Bokföringsunderlag' });
    await books.getByRole('button', { name: 'Nästa 7 dagarna' }).click();
    const { readFile } = await import('node:fs/promises');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      books.getByRole('button', { name: 'Ladda ner CSV (Excel)' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`bokforing-${inDays(0)}-${inDays(7)}.csv`);
    const csvBytes = await readFile(await csv.path());
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvBytes.toString('utf8')).toContain(`${date};2;`);
    const [sie] = await Promise.all([
      page.waitForEvent('download'),
      books.getByRole('button', { name: 'Ladda ner SIE-fil' }).click(),
    ]);
    // SIE 4I: unnumbered verifications for import, a .si file.
    expect(sie.suggestedFilename()).toBe(`bokforing-${inDays(0)}-${inDays(7)}.si`);
    expect((await readFile(await sie.path())).toString('latin1')).toMatch(/^#FLAGGA 0\r\n#FORMAT PC8\r\n#SIETYP 4\r\n/);

    // The rate table starts as the law's: take-away at 6 % from 1 April 2026, eaten in at 12 %.
    const settings = page.getByRole('form', { name: 'Momssatser och konton' });
    const period = (n: number) => settings.getByRole('group', { name: `Period ${n}`, exact: true });
    expect(await period(2).getByLabel('Ordertyp').inputValue()).toBe('take_away');
    expect(await period(2).getByLabel('Momssats').inputValue()).toBe('6');
    expect(await period(2).getByLabel('Gäller från').inputValue()).toBe('2026-04-01');
    expect(await period(2).getByLabel('Gäller till').inputValue()).toBe('2027-12-31');
    expect(await period(4).getByLabel('Ordertyp').inputValue()).toBe('dine_in');
    // Eaten in at 25 %, and a fifth period overlapping the third: refused at its field with a bad
    // account, and nothing is saved; the period removed and the account mended, then saved.
    await period(4).getByLabel('Momssats').selectOption('25');
    await settings.getByRole('button', { name: 'Lägg till period' }).click();
    await period(5).getByLabel('Ordertyp').selectOption('take_away');
    await period(5).getByLabel('Gäller från').fill('2030-01-01');
    await settings.getByLabel('Kassa/bank (debet)').fill('19');
    await settings.getByRole('button', { name: 'Spara momssatser och konton' }).click();
    await settings.getByText('Ett konto anges med fyra siffror (BAS-kontoplanen)').waitFor();
    await period(5).getByText('Perioden överlappar en annan period för samma ordertyp').waitFor();
    const dineInRate = async () =>
      (
        (await suite.server.api('GET', '/api/admin/accounting/settings', undefined, suite.cookie)).body as {
          vat_rates: Array<{ order_type: string; rate: number }>;
        }
      ).vat_rates
        .filter((p) => p.order_type === 'dine_in')
        .map((p) => p.rate);
    expect(await dineInRate()).toEqual([12]);
    await settings.getByRole('button', { name: 'Ta bort period 5' }).click();
    await settings.getByLabel('Kassa/bank (debet)').fill('1910');
    await settings.getByRole('button', { name: 'Spara momssatser och konton' }).click();
    await toast(page, 'Momssatser och konton sparade!');
    expect(await dineInRate()).toEqual([25]);
    await page.reload();
    expect(await period(4).getByLabel('Momssats').inputValue()).toBe('25');
    expect(await settings.getByRole('group', { name: 'Period 5', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('/admin/customers (Kunddata)', () => {
  it('finds what is held under an e-mail, shows it and downloads it as JSON; a bad address is refused at the field', async () => {
    const date = inDays(4);
    const placed = await suite.server.api('POST', '/api/bookings', {
      date,
      time: '17:00',
      name: 'Greta GDPR',
      email: 'greta@example.se',
      phone: '070-555 12 12',
      dine_in: false,
      items: [{ pizza_id: 1, qty: 1 }],
      requested_pizzas: 1,
    });
    expect(placed.status).toBe(201);
    const id = (placed.body as { booking_id: string }).booking_id;
    for (const [theme, width] of [
      ['classic', 360],
      ['napoli', 1280],
    ] as const) {
      const { page, errors } = await signedIn(width, theme);
      await page.goto('/admin/customers');
      const email = page.getByLabel('Kundens e-postadress eller telefonnummer');
      // An address has an @; anything else is read as a phone number (a phone order's customer).
      await email.fill('inte@en-adress');
      await page.getByRole('button', { name: 'Hämta kunddata' }).click();
      await page.locator('#customer-email-error', { hasText: 'Ogiltig e-postadress' }).waitFor();
      await email.fill('inte-en-adress');
      await page.getByRole('button', { name: 'Hämta kunddata' }).click();
      await page.locator('#customer-email-error', { hasText: 'Telefonnumret ska ha minst 6 siffror' }).waitFor();
      await email.fill(' GRETA@example.se ');
      await page.getByRole('button', { name: 'Hämta kunddata' }).click();
      const result = page.getByRole('region', { name: 'Sparat om GRETA@example.se' });
      await result.waitFor();
      expect(await result.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining(`${id}:`)]);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${theme} ${width}: ${v.id}`),
      ).toEqual([]);
      if (width === 1280) {
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          result.getByRole('button', { name: 'Ladda ner som JSON' }).click(),
        ]);
        expect(file.suggestedFilename()).toBe('kunddata-GRETA@example.se.json');
        const { readFile } = await import('node:fs/promises');
        const data = JSON.parse((await readFile(await file.path())).toString('utf8'));
        expect(data.bookings[0].booking).toMatchObject({ id, name: 'Greta GDPR', phone: '070-555 12 12' });
        expect(data.bookings[0].history[0].type).toBe('BookingPlaced');
      }
      expect(errors).toEqual([]);
    }
  }, 60_000);
});

describe('/admin/settings', () => {
  it('validates, saves (GET /api/settings follows), syncs to the calendar and resets', async () => {
    const { page, errors, dialogs } = await signedIn(390);
    await page.goto('/admin/settings');
    await page.getByRole('heading', { name: 'Pizzakioskinställningar' }).waitFor();
    const capacity = page.getByLabel('Kapacitet per tidsfönster (pizzor)');
    await expect.poll(() => capacity.inputValue()).toBe('6');
    expect(await page.getByText('Hit skickas alla bokningsförfrågningar som du ska bekräfta').count()).toBe(1);

    // Validation: a blank number, a blank time on an open day; a closed day hides its times.
    await capacity.fill('');
    await page.getByLabel('Söndag Öppnar').fill('');
    await page.getByRole('button', { name: 'Spara inställningar' }).click();
    await page.getByText('Kapacitet per tidsfönster måste vara ett heltal, minst 1').waitFor();
    await page.getByText('Öppnings- och stängningstid krävs för varje öppen dag').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('setting-capacity_per_window');
    await page.getByRole('checkbox', { name: 'Söndag' }).uncheck();
    expect(await page.getByLabel('Söndag Öppnar').count()).toBe(0);

    await capacity.fill('8');
    await page.getByLabel('Lördag Stänger').fill('23:30');
    // The toast shows for the 800 ms before the page reloads: wait for it from before the press,
    // or a slow machine can return from the click after it has gone.
    const saved = toast(page, 'Inställningar sparade!');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Spara inställningar' }).click();
    await saved;
    await reloaded;
    await expect.poll(() => capacity.inputValue()).toBe('8');
    const settings = (await suite.server.api('GET', '/api/settings')).body;
    expect(settings.capacity_per_window).toBe(8);
    expect(settings.open_days.sun).toBe(false);
    expect(settings.opening_hours.sat).toEqual({ start: '11:00', end: '23:30' });
    expect(await page.getByRole('checkbox', { name: 'Söndag' }).isChecked()).toBe(false);

    // Unsaved changes do not block the sync, which uses the saved opening hours (and says so).
    await capacity.fill('9');
    await page.getByText('Synka till kalender använder de sparade öppettiderna').waitFor();
    await page.getByRole('button', { name: 'Synka till kalender' }).click();
    await toast(page, 'Öppettider synkroniserade till kalendern!');
    await capacity.fill('8');
    expect(dialogs[0]).toMatch(/Alla kommande datum som inte har egna inställningar uppdateras/);

    await page.getByRole('button', { name: 'Återställ' }).click();
    await toast(page, 'Inställningar återställda!');
    expect(dialogs[1]).toBe('Är du säker på att du vill återställa alla inställningar till standardvärden?');
    await expect.poll(() => capacity.inputValue()).toBe('6');
    const reset = (await suite.server.api('GET', '/api/settings')).body;
    expect(reset.capacity_per_window).toBe(6);
    expect(reset.open_days.sun).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('the four screens', () => {
  it('have no serious or critical axe violations, in both themes, on a phone and on a desktop', async () => {
    const found: string[] = [];
    // Each theme once, one on a phone and one on a desktop (every combination costs a minute).
    for (const [theme, width] of [
      ['classic', 360],
      ['napoli', 1280],
    ] as const) {
      {
        const { page, errors } = await signedIn(width, theme);
        for (const path of ['/admin/pizzas', '/admin/bonus-codes', '/admin/reports', '/admin/settings']) {
          await page.goto(path);
          await page.locator('h1').waitFor();
          await page.locator('[role="status"]', { hasText: 'Laddar' }).waitFor({ state: 'detached' });
          const result = await new AxeBuilder({ page }).analyze();
          for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
            found.push(`${theme} ${width} ${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          }
        }
        // The pizza form open, too.
        await page.goto('/admin/pizzas');
        await page.getByRole('button', { name: '+ Ny pizza' }).click();
        await page.getByRole('button', { name: 'Skapa pizza' }).click();
        await page.getByText('Namn och pris måste anges').waitFor();
        const dialog = await new AxeBuilder({ page }).include('dialog').analyze();
        for (const v of dialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
          found.push(`${theme} ${width} pizza form: ${v.id}`);
        expect(errors).toEqual([]);
      }
    }
    expect(found).toEqual([]);
  }, 300_000);
});

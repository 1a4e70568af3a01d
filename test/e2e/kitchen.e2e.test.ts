/// <reference lib="dom" />
// The kitchen board (/admin/kitchen, rule: kitchen-steps) in a real Chromium: closed to visitors,
// reached from the admin nav on today's date, a day's confirmed orders under their slot with
// what is left to bake, a pending order confirmed from the board, I ugnen → Klar → Hämtad and
// Ångra taking effect on the server, bookings and steps made elsewhere appearing live, finished
// slots moving last, an order's ticket printed alone on 80 mm paper, and axe at phone and
// desktop width in both themes.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { PDFParse } from 'pdf-parse';
import { ADMIN, inDays, signIn } from './harness.js';
import { browserSuite } from './browserSuite.js';

const suite = browserSuite();

// Tomorrow: every slot of it can still be booked, whenever the tests run.
const DAY = inDays(1);
const MARGHERITA = 1;
const VESUVIO = 2;

let sequence = 0;
async function book(
  time: string,
  items: Array<[number, number]>,
  options: { name?: string; dine_in?: boolean; comment?: string; confirm?: boolean } = {},
): Promise<string> {
  sequence += 1;
  const total = items.reduce((sum, [, qty]) => sum + qty, 0);
  const reply = await suite.server.api('POST', '/api/bookings', {
    date: DAY,
    time,
    name: options.name ?? `Kund ${sequence}`,
    email: `kok${sequence}@example.se`,
    dine_in: options.dine_in ?? false,
    comment: options.comment ?? null,
    items: items.map(([pizza_id, qty]) => ({ pizza_id, qty })),
    requested_pizzas: total,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const id = reply.body.booking_id as string;
  if (options.confirm !== false)
    expect((await suite.server.api('PUT', `/api/admin/bookings/${id}/confirm`, {}, suite.cookie)).status).toBe(200);
  return id;
}

const kitchenStatus = async (id: string) =>
  (await suite.server.api('GET', `/api/admin/bookings/${id}`, undefined, suite.cookie)).body.kitchen_status;

async function signedIn(width = 1280, theme?: string) {
  const opened = await suite.fresh(width, theme);
  // Printing opens no dialog in a test: count the calls instead (from the first navigation on).
  await opened.context.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await signIn(opened.page);
  return opened;
}

const slot = (page: Page, time: string) => page.locator(`[data-slot="${time}"]`);
const order = (page: Page, id: string) => page.locator(`.kitchen-order[data-booking="${id}"]`);

describe('the kitchen board', () => {
  it('sends a visitor to sign in with a real redirect', async () => {
    const response = await fetch(`${suite.server.base}/admin/kitchen`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/\/admin\/login$/);
  });

  it("opens from the admin nav on today's date in the kiosk's time zone", async () => {
    const { page, errors } = await signedIn();
    await page
      .getByRole('navigation', { name: 'Admin', exact: true })
      .getByRole('link', { name: 'Kök', exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/kitchen');
    await page.getByRole('heading', { name: 'Köket', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Datum' }).inputValue()).toBe(inDays(0));
    expect(
      await page
        .getByRole('navigation', { name: 'Admin', exact: true })
        .getByRole('link', { name: 'Kök', exact: true })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(errors).toEqual([]);
  });

  it('groups confirmed orders under their slot with the pizzas to bake, and moves an order through the kitchen on the server', async () => {
    const first = await book(
      '18:00',
      [
        [MARGHERITA, 2],
        [VESUVIO, 1],
      ],
      { name: 'Åsa Öberg', comment: 'Extra basilika' },
    );
    const second = await book('18:00', [[MARGHERITA, 1]], { name: 'Bo Ek', dine_in: true });
    const pending = await book('19:15', [[VESUVIO, 1]], { name: 'Per Väntar', confirm: false });
    const { page, errors } = await signedIn();
    await page.goto(`/admin/kitchen?date=${DAY}`);
    await page.locator('[data-live="on"]').waitFor();
    expect(await page.getByRole('textbox', { name: 'Datum' }).inputValue()).toBe(DAY);

    // The slot, its orders and what is left to bake; the pending order apart, not in any sum.
    await expect
      .poll(() => slot(page, '18:00').locator('.kitchen-slot__bake').textContent())
      .toBe('Att baka 18:00: 3 × Margherita, 1 × Vesuvio');
    expect(
      await slot(page, '18:00')
        .locator('.kitchen-order')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-booking'))),
    ).toEqual([first, second]);
    expect(await order(page, first).textContent()).toContain('Extra basilika');
    expect(await order(page, first).textContent()).toContain('Avhämtning');
    const pendingRow = page.locator(`.kitchen-pending [data-booking="${pending}"]`);
    expect(await pendingRow.textContent()).toContain('Per Väntar');
    expect(await slot(page, '19:15').count()).toBe(0);

    // Confirming from the board moves it into its slot.
    await page.getByRole('button', { name: `Bekräfta ${pending}` }).click();
    await page.getByText('Bokning bekräftad!').waitFor();
    await order(page, pending).waitFor();
    expect((await suite.server.api('GET', `/api/admin/bookings/${pending}`, undefined, suite.cookie)).body.status).toBe(
      'confirmed',
    );
    expect(await page.locator('.kitchen-pending').count()).toBe(0);

    // I ugnen → Klar → Hämtad, each checked with the server.
    await page.getByRole('button', { name: `I ugnen ${first}` }).click();
    await expect.poll(() => order(page, first).getAttribute('data-kitchen')).toBe('baking');
    expect(await kitchenStatus(first)).toBe('baking');
    expect(await order(page, first).locator('.kitchen-badge').textContent()).toBe('I ugnen');
    // In the oven is still to bake.
    expect(await slot(page, '18:00').locator('.kitchen-slot__bake').textContent()).toBe(
      'Att baka 18:00: 3 × Margherita, 1 × Vesuvio',
    );
    await page.getByRole('button', { name: `Klar ${first}` }).click();
    await expect.poll(() => order(page, first).getAttribute('data-kitchen')).toBe('ready');
    expect(await kitchenStatus(first)).toBe('ready');
    await expect
      .poll(() => slot(page, '18:00').locator('.kitchen-slot__bake').textContent())
      .toBe('Att baka 18:00: 1 × Margherita');
    await page.getByRole('button', { name: `Hämtad ${first}` }).click();
    await expect.poll(() => order(page, first).getAttribute('data-kitchen')).toBe('picked_up');
    expect(await kitchenStatus(first)).toBe('picked_up');
    expect(
      await order(page, first)
        .getByRole('button', { name: /^(I ugnen|Klar|Hämtad|Uteblev) / })
        .count(),
    ).toBe(0);

    // Ångra takes the last step back, once.
    await page.getByRole('button', { name: `Ångra senaste steget för ${first}` }).click();
    await expect.poll(() => order(page, first).getAttribute('data-kitchen')).toBe('ready');
    expect(await kitchenStatus(first)).toBe('ready');
    expect(await page.getByRole('button', { name: `Ångra senaste steget för ${first}` }).count()).toBe(0);

    // A dine-in order is served, not picked up.
    await page.getByRole('button', { name: `I ugnen ${second}` }).click();
    await expect.poll(() => order(page, second).getAttribute('data-kitchen')).toBe('baking');
    await page.getByRole('button', { name: `Klar ${second}` }).click();
    await page.getByRole('button', { name: `Serverad ${second}` }).click();
    await expect.poll(() => kitchenStatus(second)).toBe('picked_up');
    await expect.poll(() => order(page, second).locator('.kitchen-badge').textContent()).toBe('Serverad');

    // The history shows the steps with who took them.
    const history = (await suite.server.api('GET', `/api/admin/bookings/${first}/history`, undefined, suite.cookie))
      .body;
    expect(
      history
        .filter((e: { type: string }) => e.type === 'KitchenStepRecorded')
        .map((e: { actor: string; data: { step: string } }) => `${e.data.step} ${e.actor}`),
    ).toEqual([`baking ${ADMIN.email}`, `ready ${ADMIN.email}`, `picked_up ${ADMIN.email}`, `undo ${ADMIN.email}`]);
    // The bookings list and its details tell it too.
    await page.goto('/admin/bookings?date=tomorrow');
    expect(await page.locator(`tr[data-booking="${first}"] .badge--kitchen`).textContent()).toBe('Klar');
    await page.getByRole('button', { name: `Visa ${first}` }).click();
    const details = page.getByRole('dialog');
    await details.getByText('Köket: I ugnen').waitFor();
    expect(await details.getByText(/^Köket: /).allTextContents()).toEqual([
      'Köket: I ugnen',
      'Köket: Klar',
      'Köket: Hämtad',
      'Köket: Ångrade senaste steget',
    ]);
    expect(errors).toEqual([]);
  });

  it('shows bookings and steps made elsewhere without a reload, and moves a finished slot after the open ones', async () => {
    const early = await book('17:00', [[VESUVIO, 1]], { name: 'Tidig Tina' });
    const { page, errors } = await signedIn(1024);
    await page.goto(`/admin/kitchen?date=${DAY}`);
    await page.locator('[data-live="on"]').waitFor();
    await order(page, early).waitFor();

    // A new booking, confirmed by someone else: it appears in its slot.
    const live = await book('20:30', [[MARGHERITA, 2]], { name: 'Live Lisa' });
    await order(page, live).waitFor();
    await expect
      .poll(() => slot(page, '20:30').locator('.kitchen-slot__bake').textContent())
      .toBe('Att baka 20:30: 2 × Margherita');
    // A new pending booking appears apart, with the toast the bookings list shows.
    const waiting = await book('21:00', [[VESUVIO, 1]], { name: 'Ny Nils', confirm: false });
    await page.locator(`.kitchen-pending [data-booking="${waiting}"]`).waitFor();
    await page.getByText('Ny bokning från Ny Nils', { exact: false }).waitFor();

    // Steps taken on another screen show here; a slot with every order done goes last.
    const slots = () => page.locator('[data-slot]').evaluateAll((els) => els.map((e) => e.getAttribute('data-slot')));
    expect((await slots())[0]).toBe('17:00');
    for (const step of ['baking', 'ready', 'picked_up']) {
      expect(
        (await suite.server.api('PUT', `/api/admin/bookings/${early}/kitchen`, { step }, suite.cookie)).status,
      ).toBe(200);
    }
    await expect.poll(() => order(page, early).getAttribute('data-kitchen')).toBe('picked_up');
    await expect.poll(async () => (await slots()).at(-1)).toBe('17:00');
    expect(await slot(page, '17:00').textContent()).toContain('Klart');
    expect(errors).toEqual([]);
  });

  it("prints an order's ticket alone on 80 mm paper: number, time, name, pizzas, comment, take-away", async () => {
    const id = await book(
      '19:30',
      [
        [MARGHERITA, 1],
        [VESUVIO, 2],
      ],
      { name: 'Tryck Tove', comment: 'Skär i bitar' },
    );
    const { page, errors } = await signedIn();
    await page.goto(`/admin/kitchen?date=${DAY}`);
    await order(page, id).waitFor();
    await page.getByRole('button', { name: `Skriv ut orderlapp för ${id}` }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const ticket = page.locator(`.ticket[data-ticket="${id}"]`);
    // On screen the ticket is out of sight and the board stays.
    expect(await ticket.boundingBox().then((box) => box!.x + box!.width)).toBeLessThanOrEqual(0);

    await page.emulateMedia({ media: 'print' });
    expect(await ticket.isVisible()).toBe(true);
    expect(await page.locator('.kitchen-board').isVisible()).toBe(false);
    expect(await page.locator('.admin-header').isVisible()).toBe(false);
    const box = (await ticket.boundingBox())!;
    expect(box.x).toBe(0);
    expect(Math.round((box.width * 25.4) / 96)).toBe(80);
    const text = (await ticket.innerText()).replace(/\s+/g, ' ');
    for (const part of [
      `#${id.split('-')[1]}`,
      id,
      'kl 19:30',
      'Tryck Tove',
      'Avhämtning',
      '1 × Margherita',
      '2 × Vesuvio',
      'Totalt 3 pizzor',
      'Kommentar: Skär i bitar',
    ]) {
      expect(text.toLowerCase(), part).toContain(part.toLowerCase());
    }

    // As Chromium prints it: one page, 80 mm wide, holding the ticket and nothing of the board.
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const mediaBoxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
    expect(mediaBoxes).toHaveLength(1);
    expect(Math.round((Number(mediaBoxes[0][1]) * 25.4) / 72)).toBe(80);
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    try {
      const printed = await parser.getText();
      expect(printed.pages).toHaveLength(1);
      expect(printed.text).toContain('Tryck Tove');
      expect(printed.text).not.toContain('Att baka');
    } finally {
      await parser.destroy();
    }
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
  });

  it('has no axe violations at phone and desktop width in both themes', async () => {
    // Something in every state on the board: pending, to bake, in the oven, ready, done.
    const baking = await book('12:00', [[MARGHERITA, 1]], { comment: 'Glutenfri' });
    const ready = await book('12:00', [[VESUVIO, 1]], { dine_in: true });
    const done = await book('11:30', [[VESUVIO, 1]]);
    await book('12:15', [[MARGHERITA, 1]]);
    await book('12:30', [[MARGHERITA, 1]], { confirm: false });
    const steps: Array<[string, string[]]> = [
      [baking, ['baking']],
      [ready, ['baking', 'ready']],
      [done, ['no_show']],
    ];
    for (const [id, list] of steps)
      for (const step of list)
        await suite.server.api('PUT', `/api/admin/bookings/${id}/kitchen`, { step }, suite.cookie);

    const found: string[] = [];
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page, errors } = await signedIn(width, theme);
        await page.goto(`/admin/kitchen?date=${DAY}`);
        await order(page, baking).waitFor();
        await page.locator('[data-live="on"]').waitFor();
        const result = await new AxeBuilder({ page }).analyze();
        for (const v of result.violations)
          found.push(`${theme} ${width}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        // Every button on the board is a large touch target.
        const small = await page
          .locator('.kitchen button')
          .evaluateAll((buttons) =>
            buttons
              .filter((b) => b.getBoundingClientRect().height < 48 || b.getBoundingClientRect().width < 48)
              .map((b) => b.textContent),
          );
        expect(small, `${theme} ${width}`).toEqual([]);
        expect(errors, `${theme} ${width}`).toEqual([]);
      }
    }
    expect(found).toEqual([]);
  });
});

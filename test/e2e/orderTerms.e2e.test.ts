/// <reference lib="dom" />
// Issue 45 in a real Chromium against the built server: what a customer must know stands directly
// above "Slutför Beställning (…)" at 360 px, before the button in the DOM and visible (rule:
// before-order), the payment methods from the start of the order; the cross-contact note beside
// "Visa bara pizzor utan … som ingrediens" (rule: cross-contact-note); the cereal named on the menu
// card (rule: allergen-kinds); the staff order dialog shows each pizza's and extra's allergens and
// marks an undeclared pizza (rule: staff-allergens); the kitchen board flags a declaration changed
// since the order was placed (rule: allergen-change). ORDER_TERMS_SHOTS=<dir> keeps screenshots
// at 360 and 1280 px in both themes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { animationsDone, chooseDateAndCount, inDays } from './harness.js';
import { browserSuite } from './browserSuite.js';

const shots = process.env.ORDER_TERMS_SHOTS;
const suite = browserSuite({ shots });
const NOTE = 'Vi bakar allt i samma ugn; spår av sesamfrön och nötter kan förekomma.';
const DAY = inDays(1);

async function noSeriousAxe(page: Page, label: string) {
  await animationsDone(page);
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

let dinkel: number;
let undeclared: number;
beforeAll(async () => {
  const { server, cookie } = suite;
  const settings = (await server.api('GET', '/api/admin/settings', undefined, cookie)).body;
  const saved = await server.api(
    'PUT',
    '/api/admin/settings',
    { ...settings, payment_methods: ['card', 'swish'], cross_contact_note: NOTE },
    cookie,
  );
  expect(saved.status).toBe(200);
  const made = await server.api(
    'POST',
    '/api/admin/pizzas',
    {
      name: 'Dinkel',
      description: 'Speltbotten, tomat, mozzarella',
      price_cents: 12900,
      active: 1,
      allergens: ['gluten', 'milk'],
      allergen_kinds: { gluten: ['spelt', 'wheat'] },
    },
    cookie,
  );
  expect(made.status).toBe(201);
  dinkel = made.body.id;
  const plain = await server.api(
    'POST',
    '/api/admin/pizzas',
    { name: 'Husets special', description: '', price_cents: 11900, active: 1 },
    cookie,
  );
  undeclared = plain.body.id;
});

describe('the booking page (rule: before-order)', () => {
  it('at 360 px says the total inkl. moms, payment at pick-up with kort or Swish, and no right of withdrawal, directly above the button', async () => {
    const { page, errors } = await suite.fresh(360);
    await page.goto('/');
    // From the start of the order: how the kiosk takes payment.
    const notice = page.locator('.hero .payment-notice');
    expect(await notice.textContent()).toBe(
      'Du betalar i kiosken när du hämtar beställningen: kort eller Swish. Inget betalas här.',
    );
    expect(await notice.isVisible()).toBe(true);

    await chooseDateAndCount(page, inDays(2), 1);
    await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
    const button = page.getByRole('button', { name: /^Slutför Beställning \(/ });
    const label = (await button.textContent())!;
    const total = /\((.*)\)/.exec(label)![1];
    const terms = page.locator('.before-order');
    await button.scrollIntoViewIfNeeded();
    expect(await terms.isVisible()).toBe(true);
    const text = (await terms.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(`Att betala: ${total} inkl. moms`);
    expect(text).toContain('Betalas i kiosken när du hämtar beställningen, med kort eller Swish.');
    expect(text).toContain('Ångerrätt gäller inte');
    expect(text).toContain('2 kap. 11 § lagen (2005:59)');
    // DOM order: the terms are the button's previous sibling, so they come before it when read.
    const order = await page.evaluate(() => {
      const terms = document.querySelector('.before-order')!;
      const button = document.querySelector('.booking button[type=submit]')!;
      return {
        before: Boolean(terms.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING),
        adjacent: button.previousElementSibling === terms,
        describedBy: button.getAttribute('aria-describedby'),
      };
    });
    expect(order).toEqual({ before: true, adjacent: true, describedBy: 'before-order' });
    // Visibly above it, within the 360 px width.
    const [box, buttonBox] = [(await terms.boundingBox())!, (await button.boundingBox())!];
    expect(box.y + box.height).toBeLessThanOrEqual(buttonBox.y);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });

  it('shows the cross-contact note beside "Visa bara pizzor utan … som ingrediens", and names the cereal on the card', async () => {
    const { page, errors } = await suite.fresh(360);
    await page.goto('/');
    const filter = page.locator('.allergen-filter');
    expect(await filter.locator('.allergen-filter__title').textContent()).toBe(
      'Visa bara pizzor utan … som ingrediens',
    );
    const note = filter.locator('.cross-contact-note');
    expect(await note.textContent()).toBe(`Spår av allergener: ${NOTE}`);
    expect(await note.isVisible()).toBe(true);
    const card = page.locator('.menu__item', { has: page.getByRole('heading', { name: 'Dinkel' }) });
    expect(await card.locator('.menu__allergens').textContent()).toBe(
      'Allergener: Spannmål som innehåller gluten (vete, spelt), Mjölk',
    );
    if (shots) {
      await page.locator('.hero').screenshot({ path: join(shots, 'hero-classic-360.png') });
      await filter.screenshot({ path: join(shots, 'filter-note-classic-360.png') });
    }
    expect(errors).toEqual([]);
  });

  it('is axe clean with the terms shown, in both themes at 360 and 1280 px (screenshots on request)', async () => {
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page } = await suite.fresh(width, theme);
        await page.goto('/');
        await chooseDateAndCount(page, inDays(2), 1);
        await page.getByRole('button', { name: 'Lägg till en Dinkel' }).click();
        await page.locator('.before-order').waitFor();
        await noSeriousAxe(page, `${theme} ${width} /`);
        if (shots) {
          await page.screenshot({ path: join(shots, `booking-top-${theme}-${width}.png`) });
          await page.locator('.booking__checkout').screenshot({ path: join(shots, `checkout-${theme}-${width}.png`) });
        }
      }
    }
  });
});

/** The offer link in the waitlist mail to this address (the server's outbox, quoted-printable decoded). */
async function offerLink(email: string): Promise<string> {
  const outbox = join(suite.server.dataDir, 'outbox');
  for (let i = 0; i < 300; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    } catch {
      files = [];
    }
    for (const file of files) {
      const raw = readFileSync(join(outbox, file), 'latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const mail = Buffer.from(raw, 'latin1').toString('utf8');
      if (!mail.includes(`To: ${email}`) || !mail.includes('Välj pizzor och boka här')) continue;
      const match = /\/waitlist\/([A-Za-z0-9_-]+)/.exec(mail);
      if (match) return `/waitlist/${match[1]}`;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no offer mail to ${email}`);
}

describe('the waitlist offer page (rule: before-order)', () => {
  it('at 360 px says the same directly above its button, and the payment methods from the start', async () => {
    const { server, cookie } = suite;
    const date = inDays(3);
    const full = await server.api('POST', '/api/bookings', {
      date,
      time: '14:00',
      name: 'Full Fia',
      email: 'fullfia@example.se',
      dine_in: false,
      items: [{ pizza_id: 1, qty: 6 }],
      requested_pizzas: 6,
    });
    expect(full.status).toBe(201);
    const joined = await server.api('POST', '/api/waitlist', {
      date,
      time: '14:00',
      name: 'Köande Kim',
      email: 'kim@example.se',
      requested_pizzas: 1,
    });
    expect(joined.status).toBe(201);
    await server.api('PUT', `/api/admin/bookings/${full.body.booking_id}/cancel`, { reason: 'Kunden ringde' }, cookie);
    const link = await offerLink('kim@example.se');

    const { page, errors } = await suite.fresh(360);
    await page.goto(link);
    expect(await page.locator('.hero .payment-notice').textContent()).toBe(
      'Du betalar i kiosken när du hämtar beställningen: kort eller Swish. Inget betalas här.',
    );
    await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
    const button = page.getByRole('button', { name: /^Boka \(/ });
    await button.scrollIntoViewIfNeeded();
    const terms = page.locator('.before-order');
    expect(await terms.isVisible()).toBe(true);
    const total = /\((.*)\)/.exec((await button.textContent())!)![1];
    const text = (await terms.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(`Att betala: ${total} inkl. moms`);
    expect(text).toContain('med kort eller Swish.');
    expect(text).toContain('Ångerrätt gäller inte');
    expect(
      await page.evaluate(
        () => document.querySelector('.offer-page button[type=submit]')!.previousElementSibling?.className,
      ),
    ).toBe('before-order');
    const [box, buttonBox] = [(await terms.boundingBox())!, (await button.boundingBox())!];
    expect(box.y + box.height).toBeLessThanOrEqual(buttonBox.y);
    expect(errors).toEqual([]);
  });
});

describe('allergens where the sale is made', () => {
  it('the staff order dialog shows each pizza’s and extra’s allergens and marks an undeclared pizza (rule: staff-allergens)', async () => {
    const { server, cookie } = suite;
    await server.api(
      'POST',
      '/api/admin/extras',
      { name: 'Extra ost', price_cents: 1500, allergens: ['milk'] },
      cookie,
    );
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page, errors } = await suite.signedIn(width, theme);
        await page.goto(`/admin/kitchen?date=${DAY}`);
        await page.getByRole('button', { name: /Ny beställning/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Ny beställning' });
        const margherita = dialog.getByRole('button', { name: 'Lägg till Margherita' });
        await margherita.waitFor();
        expect(await margherita.getAttribute('aria-describedby')).toBeTruthy();
        const described = await page.evaluate(
          (id) => document.getElementById(id)?.textContent,
          (await margherita.getAttribute('aria-describedby'))!,
        );
        expect(described).toBe('Allergener: Spannmål som innehåller gluten, Mjölk');
        const special = dialog.getByRole('button', { name: 'Lägg till Husets special' });
        expect(await special.textContent()).toContain('Allergener saknas – berätta för kunden');
        expect(await dialog.getByRole('button', { name: 'Lägg till Dinkel' }).textContent()).toContain(
          'Spannmål som innehåller gluten (vete, spelt), Mjölk',
        );
        await dialog.getByText('Tillval och deras allergener').click();
        await dialog.getByText(/^Extra ost \(\+15 kr\): Mjölk$/).waitFor();
        // The chosen line repeats it, before the order is placed.
        await margherita.click();
        await dialog
          .locator('.staff-order__line-allergens', { hasText: 'Spannmål som innehåller gluten, Mjölk' })
          .waitFor();
        await noSeriousAxe(page, `${theme} ${width} staff dialog`);
        if (shots) await dialog.screenshot({ path: join(shots, `staff-dialog-${theme}-${width}.png`) });
        expect(errors).toEqual([]);
      }
    }
    void undeclared;
  });

  it('the kitchen board shows a line’s declaration as it is now and flags a change since the order (rule: allergen-change)', async () => {
    const { server, cookie } = suite;
    const placed = await server.api('POST', '/api/bookings', {
      date: DAY,
      time: '12:00',
      name: 'Nora Nöt',
      email: 'nora@example.se',
      dine_in: false,
      items: [{ pizza_id: dinkel, qty: 1 }],
      requested_pizzas: 1,
    });
    expect(placed.status).toBe(201);
    expect((await server.api('PUT', `/api/admin/bookings/${placed.body.booking_id}/confirm`, {}, cookie)).status).toBe(
      200,
    );
    const other = await server.api('POST', '/api/bookings', {
      date: DAY,
      time: '12:15',
      name: 'Olle Oförändrad',
      email: 'olle@example.se',
      dine_in: false,
      items: [{ pizza_id: 1, qty: 1 }],
      requested_pizzas: 1,
    });
    await server.api('PUT', `/api/admin/bookings/${other.body.booking_id}/confirm`, {}, cookie);
    // The recipe changes after the order: pistachio pesto now.
    const changed = await server.api(
      'PUT',
      `/api/admin/pizzas/${dinkel}`,
      {
        name: 'Dinkel',
        description: 'Speltbotten, pistagepesto, mozzarella',
        price_cents: 12900,
        active: 1,
        allergens: ['gluten', 'milk', 'nuts'],
        allergen_kinds: { gluten: ['spelt', 'wheat'], nuts: ['pistachio'] },
      },
      cookie,
    );
    expect(changed.status).toBe(200);

    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page, errors } = await suite.signedIn(width, theme);
        await page.goto(`/admin/kitchen?date=${DAY}`);
        const card = page.locator(`[data-booking="${placed.body.booking_id}"]`);
        await card.waitFor();
        expect(await card.locator('.line-allergens').textContent()).toBe(
          'Allergener: Spannmål som innehåller gluten, Mjölk, Nötter',
        );
        const flag = card.locator('[data-allergen-changed]');
        expect(await flag.textContent()).toBe(
          '⚠ Allergener ändrade sedan beställningen Vid beställningen: Spannmål som innehåller gluten, Mjölk Berätta för kunden innan pizzan lämnas ut.',
        );
        expect(await flag.isVisible()).toBe(true);
        // An order whose pizza did not change carries no flag.
        const unchanged = page.locator(`[data-booking="${other.body.booking_id}"]`);
        expect(await unchanged.locator('[data-allergen-changed]').count()).toBe(0);
        await noSeriousAxe(page, `${theme} ${width} kitchen`);
        if (shots) await card.screenshot({ path: join(shots, `kitchen-flag-${theme}-${width}.png`) });
        expect(errors).toEqual([]);
      }
    }

    // The ticket says the same: printing opens no dialog in a test, so window.print is counted.
    const { page, context } = await suite.signedIn(1280);
    await context.addInitScript(() => {
      window.print = () => undefined;
    });
    await page.goto(`/admin/kitchen?date=${DAY}`);
    await page.locator(`[data-booking="${placed.body.booking_id}"]`).waitFor();
    await page.getByRole('button', { name: new RegExp(`^Skriv ut .* ${placed.body.booking_id}$`) }).click();
    const ticket = page.locator(`.ticket[data-ticket="${placed.body.booking_id}"]`);
    await ticket.waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    const printed = (await ticket.innerText()).replace(/\s+/g, ' ');
    expect(printed).toContain('Allergener: Spannmål som innehåller gluten, Mjölk, Nötter');
    expect(printed).toContain(
      'Allergener ändrade sedan beställningen Vid beställningen: Spannmål som innehåller gluten, Mjölk',
    );
  });
});

describe('/admin/settings (rules before-order, cross-contact-note)', () => {
  it('edits the payment methods and the note; none ticked is refused in Swedish', async () => {
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page, errors } = await suite.signedIn(width, theme);
        await page.goto('/admin/settings');
        const section = page.locator('section', {
          has: page.getByRole('heading', { name: 'Betalning och allergener' }),
        });
        await section.waitFor();
        expect(await section.getByRole('checkbox', { name: 'Kort' }).isChecked()).toBe(true);
        expect(await section.getByRole('checkbox', { name: 'Kontanter' }).isChecked()).toBe(false);
        expect(await section.getByLabel('Spår av allergener (gäller alla pizzor)').inputValue()).toBe(NOTE);
        await noSeriousAxe(page, `${theme} ${width} settings`);
        if (shots) await section.screenshot({ path: join(shots, `settings-${theme}-${width}.png`) });
        expect(errors).toEqual([]);
      }
    }
    const { page } = await suite.signedIn(1280);
    await page.goto('/admin/settings');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Betalning och allergener' }) });
    await section.getByRole('checkbox', { name: 'Kort' }).uncheck();
    await section.getByRole('checkbox', { name: 'Swish' }).uncheck();
    await page.getByRole('button', { name: 'Spara inställningar' }).click();
    await section
      .getByText('Välj minst ett betalningssätt som kiosken tar emot: kort, Swish eller kontanter')
      .waitFor();
    await section.getByRole('checkbox', { name: 'Kontanter' }).check();
    await page.getByRole('button', { name: 'Spara inställningar' }).click();
    await expect
      .poll(async () => (await suite.server.api('GET', '/api/settings')).body.payment_methods)
      .toEqual(['cash']);
  });
});

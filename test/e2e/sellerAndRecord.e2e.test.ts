/// <reference lib="dom" />
// Issue 45 in a real Chromium: the dashboard names the seller's missing details with a link to the
// settings until they are filled in (rule: seller-first), and the booking details of a counter
// order without an e-mail have "Skriv ut orderbekräftelse", which opens the record of the sale as
// a PDF (rule: staff-order-record); an order with an e-mail has no such button.
import { describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { inDays } from './harness.js';
import { browserSuite } from './browserSuite.js';

const suite = browserSuite();
const signedIn = (width = 1280) => suite.signedIn(width);

describe('the dashboard while the seller is not filled in (rule: seller-first)', () => {
  it('names what is missing and links to the settings; once filled in the notice is gone', async () => {
    const { page, errors } = await signedIn(360);
    await page.goto('/admin');
    const notice = page.getByRole('note', { name: 'Fyll i säljarens uppgifter' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain(
      'Saknas: företagsnamn, organisationsnummer, adress, e-post till kunder.',
    );
    expect(await notice.getByRole('link', { name: 'Fyll i under Inställningar' }).getAttribute('href')).toBe(
      '/admin/settings#seller-title',
    );

    const settings = (await suite.server.api('GET', '/api/admin/settings', undefined, suite.cookie)).body;
    const seller = {
      ...settings.seller,
      legal_name: 'Pizzakiosken i Malmö AB',
      org_number: '556036-0793',
      address: 'Storgatan 1, 211 34 Malmö',
      email: 'hej@pizzakiosken.se',
    };
    expect((await suite.server.api('PUT', '/api/admin/settings', { ...settings, seller }, suite.cookie)).status).toBe(
      200,
    );
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('note', { name: 'Fyll i säljarens uppgifter' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('a counter order without an e-mail (rule: staff-order-record)', () => {
  it('has "Skriv ut orderbekräftelse" in its details, opening the record of the sale as a PDF', async () => {
    const pizzas = (await suite.server.api('GET', '/api/pizzas')).body as Array<{ id: number; name: string }>;
    const counter = await suite.server.api(
      'POST',
      '/api/admin/staff-orders',
      {
        source: 'counter',
        date: inDays(1),
        time: '12:00',
        name: 'Disk-Kalle',
        items: [{ pizza_id: pizzas[0].id, qty: 2 }],
      },
      suite.cookie,
    );
    expect(counter.status).toBe(201);
    const id = counter.body.booking.id as string;

    const { context, page } = await signedIn();
    await page.goto('/admin/bookings');
    await page
      .getByRole('row', { name: /Disk-Kalle/ })
      .getByRole('button', { name: /Visa/ })
      .click();
    const dialog = page.getByRole('dialog', { name: `Bokning ${id}` });
    await dialog.waitFor();
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Skriv ut orderbekräftelse' }).click(),
    ]);
    expect(popup.url()).toBe(`${suite.server.base}/api/admin/bookings/${id}/confirmation.pdf`);
    // The same address, as the signed-in browser fetches it: the record of the sale.
    const pdf = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return Array.from(new Uint8Array(await response.arrayBuffer()));
    }, `/api/admin/bookings/${id}/confirmation.pdf`);
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Orderbekräftelse');
    expect(text).toContain('Pizzakiosken i Malmö AB');
    expect(text).toContain(`2 × ${pizzas[0].name}`);
    expect(text).toMatch(/Totalt inkl\. moms: /);
    expect(text).toMatch(/varav moms 6 %: /);
  });

  it('an order with an e-mail has no print button: its record went by mail', async () => {
    const pizzas = (await suite.server.api('GET', '/api/pizzas')).body as Array<{ id: number }>;
    const web = await suite.server.api('POST', '/api/bookings', {
      date: inDays(1),
      time: '13:00',
      name: 'Webb-Wera',
      email: 'wera@example.se',
      dine_in: false,
      items: [{ pizza_id: pizzas[0].id, qty: 1 }],
      requested_pizzas: 1,
    });
    expect(web.status).toBe(201);
    const { page } = await signedIn();
    await page.goto('/admin/bookings');
    await page
      .getByRole('row', { name: /Webb-Wera/ })
      .getByRole('button', { name: /Visa/ })
      .click();
    const dialog = page.getByRole('dialog', { name: `Bokning ${web.body.booking_id}` });
    await dialog.getByRole('heading', { name: 'Historik' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Skriv ut orderbekräftelse' }).count()).toBe(0);
  });
});

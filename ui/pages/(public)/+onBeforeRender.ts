// Every customer page names the seller in its footer (rule: seller-details): read once per render
// from the public settings, through the server's own /api; a failed read leaves the footer without.
import type { PageContextServer } from 'vike/types';
import type { PublicSettings } from '../../../domain/answers/index.js';

export async function onBeforeRender(pageContext: PageContextServer) {
  const settings = await pageContext.apiGet<PublicSettings>('/api/settings').catch(() => null);
  // What the customer is told before ordering (rules before-order, cross-contact-note).
  const orderTerms = settings
    ? { payment_methods: settings.payment_methods, cross_contact_note: settings.cross_contact_note }
    : null;
  return { pageContext: { seller: settings?.seller ?? null, orderTerms } };
}

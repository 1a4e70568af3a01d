// The settings screen's section on what customers are told before they order (rule: before-order)
// and the note on cross-contact beside the allergen filter (rule: cross-contact-note).
import { CROSS_CONTACT_NOTE_EXAMPLE, CROSS_CONTACT_NOTE_MAX } from '../../../domain/settings/orderTerms.js';

export const orderTermsTexts = {
  title: 'Betalning och allergener',
  paymentLegend: 'Betalningssätt i kassan vid hämtning',
  paymentHint:
    'Kunden ser dem från början av beställningen och direkt ovanför beställningsknappen (distansavtalslagen 2 kap. 3 §).',
  card: 'Kort',
  swish: 'Swish',
  cash: 'Kontanter',
  crossContact: 'Spår av allergener (gäller alla pizzor)',
  crossContactHint: `Visas bredvid allergenfiltret på bokningssidan, t.ex. ”${CROSS_CONTACT_NOTE_EXAMPLE}” Högst ${CROSS_CONTACT_NOTE_MAX} tecken; tomt visar ingen text.`,
};

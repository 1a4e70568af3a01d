// The Swish page's Swedish texts (/admin/swish, issue 49).
import type { SwishPrepayChoice } from '../../../domain/settings/swishPrepay.js';

export const swishTexts = {
  title: 'Swish',
  intro:
    'Swish Handel låter kunderna betala webbeställningar i förväg. Swishnumret och certifikatet ställs in i serverns miljö (SWISH_*), aldrig här: nyckeln visas aldrig.',
  loadFailed: 'Kunde inte ladda Swish-inställningarna',
  setupTitle: 'Inställt i miljön',
  off: 'Swish är inte påslaget. Sätt SWISH_PAYEE och klientcertifikatet i serverns miljö och starta om: se docs/configuration.md, ”Swish Handel”.',
  payee: 'Swishnummer',
  apiUrl: 'Swish-API',
  callbackUrl: 'Återanrop (callback)',
  certificate: 'Certifikat',
  certificateSource: { pem: 'PEM-filer (SWISH_CERT_FILE, SWISH_KEY_FILE)', pfx: 'PKCS#12 (SWISH_PFX_FILE)' },
  issuer: 'Utfärdat av',
  validTo: 'Giltigt till',
  daysLeft: (days: number) => (days < 0 ? 'har gått ut' : days === 1 ? '1 dag kvar' : `${days} dagar kvar`),
  expiresSoon: (date: string) =>
    `Certifikatet går ut ${date}. Skapa ett nytt i Swish Certificate Management och byt filerna innan dess, annars tar Swish inte emot några betalningar.`,
  fingerprint: 'Fingeravtryck (SHA-256)',
  serverCa: 'Swish-serverns rotcertifikat',
  serverCas: { file: 'Från SWISH_CA_FILE', system: 'Systemets egna' },
  test: 'Testa anslutningen',
  testing: 'Testar...',
  testFailed: 'Kunde inte testa anslutningen',
  prepayTitle: 'När betalar kunden i förväg?',
  prepayIntro: 'Gäller beställningar på webben. Beställningar i disken och per telefon betalas alltid i kassan.',
  prepayNotYet:
    'Betalningssteget på bokningssidan är inte på plats än: valet sparas men ingen beställning ombeds betala förrän det är klart.',
  choices: {
    never: { label: 'Aldrig (standard)', hint: 'Kunden betalar vid hämtning, som i dag.' },
    offered: { label: 'Erbjuds alla', hint: 'Kunden kan välja att betala med Swish direkt.' },
    required_from_pizzas: {
      label: 'Krävs från ett antal pizzor',
      hint: 'Stora beställningar betalas i förväg; mindre erbjuds att betala.',
    },
    required_after_no_shows: {
      label: 'Krävs av kunder som uteblivit tidigare',
      hint: 'Den som inte hämtat en bekräftad beställning förut betalar i förväg; andra erbjuds.',
    },
    required_all_web: { label: 'Krävs för alla webbeställningar', hint: 'Ingen webbeställning utan betalning.' },
  } satisfies Record<SwishPrepayChoice, { label: string; hint: string }>,
  fromPizzas: 'Från antal pizzor',
  save: 'Spara',
  saving: 'Sparar...',
  saved: 'Swish-inställningen sparad!',
  saveFailed: 'Kunde inte spara Swish-inställningen',
};

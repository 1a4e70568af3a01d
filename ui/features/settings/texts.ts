// The Swedish texts of /admin/settings ('Pizzakioskinställningar'). The form's messages are the
// domain schema's own (domain/messages.ts); labels, hints and confirmations are ours.
import type { Weekday } from '../../../domain/shared/time.js';
import { MONTHS } from '../../lib/format.js';

export const settingsTexts = {
  title: 'Pizzakioskinställningar',
  backToOverview: '← Tillbaka till översikten',
  loadFailed: 'Kunde inte ladda inställningar',
  saveFailed: 'Kunde inte spara inställningar',
  resetFailed: 'Kunde inte återställa inställningar',
  syncFailed: 'Kunde inte synkronisera till kalendern',
  saved: 'Inställningar sparade!',
  reset: 'Inställningar återställda!',
  synced: 'Öppettider synkroniserade till kalendern!',
  confirmReset: 'Är du säker på att du vill återställa alla inställningar till standardvärden?',
  confirmSync:
    'Vill du synka öppettiderna till kalendern? Alla kommande datum som inte har egna inställningar uppdateras enligt öppettiderna per veckodag.',
  resetButton: 'Återställ',
  resetting: 'Återställer...',
  saving: 'Sparar...',
  save: 'Spara inställningar',
  sync: 'Synka till kalender',
  syncing: 'Synkar...',
  fixMarked: 'Rätta de markerade fälten.',
  unsaved: 'Du har ändringar som inte är sparade. Synka till kalender använder de sparade öppettiderna.',
  bookingSettings: 'Bokningsinställningar',
  openingHours: 'Öppettider',
  openingHoursIntro: 'Gäller varje datum som inte har egna öppettider i kalendern.',
  opens: 'Öppnar',
  closes: 'Stänger',
  closed: 'Stängt',
  system: 'Systemkonfiguration',
  // rule go-live: the owner's test of the mail relay
  testMail: 'Skicka testmejl',
  testMailSending: 'Skickar...',
  testMailHint:
    'Skickar ett mejl till den sparade admin-e-posten. Kommer det fram (se E-postloggen) är steget i checklistan klart.',
  testMailSent: (to: string) => `Testmejlet ligger i kön till ${to}. Se E-postloggen.`,
  testMailFailed: 'Kunde inte skicka testmejlet',
  // rule kiosk-identity: the kiosk's own name, tagline and logo
  kiosk: {
    title: 'Kiosken',
    intro:
      'Kioskens namn och slogan står i sidhuvudet, i sidornas titlar, i mejl, PDF:er, bongar, SMS och i appen som kunderna installerar.',
    name: 'Kioskens namn',
    tagline: 'Slogan',
    taglineHint: 'Raden under namnet i sidhuvudet. Lämna tom för ingen.',
    logo: 'Logotyp',
    logoHint: 'PNG eller SVG, högst 256 kB. Visas i sidhuvudet och som ikon i webbläsarfliken.',
    logoNone: 'Ingen logotyp uppladdad: kiosken visar sin standardsymbol.',
    logoCurrent: 'Nuvarande logotyp',
    upload: 'Ladda upp logotyp',
    uploading: 'Laddar upp...',
    uploaded: 'Logotypen är uppladdad!',
    uploadFailed: 'Kunde inte ladda upp logotypen',
    remove: 'Ta bort logotyp',
    removed: 'Logotypen är borttagen',
    removeFailed: 'Kunde inte ta bort logotypen',
    confirmRemove: 'Ta bort logotypen? Kiosken visar då sin standardsymbol.',
  },
  adminEmail: 'Admin-e-post',
  adminEmailHint: 'Hit skickas alla bokningsförfrågningar som du ska bekräfta',
  seller: {
    title: 'Säljarens uppgifter',
    intro:
      'Visas i sidfoten på kundsidorna, i varje mejl till kunder, på orderbekräftelsen och i bokföringsunderlaget (rapporter, CSV och SIE).',
    missingTitle: 'Säljarens uppgifter saknas',
    missing: (fields: string) =>
      `Lagen kräver att kunden får veta vem som säljer: företagsnamn, organisationsnummer och adress ska stå på orderbekräftelsen, och momsregistreringsnumret på underlaget för försäljningen. Fyll i: ${fields}.`,
    fields: {
      legal_name: { label: 'Företagsnamn', hint: 'Det registrerade namnet, t.ex. Pizzakiosken i Malmö AB.' },
      org_number: { label: 'Organisationsnummer', hint: 'Tio siffror: NNNNNN-NNNN.' },
      address: { label: 'Adress', hint: 'Där beställningar hämtas, t.ex. Storgatan 1, 211 34 Malmö.' },
      phone: { label: 'Telefon', hint: '' },
      email: { label: 'E-post till kunder', hint: 'Dit kunder kan skriva. Visas på kundsidorna.' },
      vat_number: { label: 'Momsregistreringsnummer', hint: 'SE, organisationsnumrets tio siffror och 01.' },
    },
    financialYear: 'Räkenskapsårets första månad',
    financialYearHint: 'Räkenskapsåren i SIE-filen (#RAR) börjar den första i den här månaden.',
    months: MONTHS,
  },
  days: {
    mon: 'Måndag',
    tue: 'Tisdag',
    wed: 'Onsdag',
    thu: 'Torsdag',
    fri: 'Fredag',
    sat: 'Lördag',
    sun: 'Söndag',
  } satisfies Record<Weekday, string>,
  /** The number fields: label, unit (shown after the label) and hint. */
  numbers: {
    capacity_per_window: {
      label: 'Kapacitet per tidsfönster',
      unit: 'pizzor',
      hint: 'Hur många pizzor köket hinner göra per tidsfönster.',
    },
    window_minutes: {
      label: 'Tidsfönstrets längd',
      unit: 'minuter',
      hint: 'Kapaciteten gäller per fönster av den här längden.',
    },
    booking_horizon_days: {
      label: 'Bokningshorisont',
      unit: 'dagar',
      hint: 'Hur många dagar framåt vanliga kunder kan boka.',
    },
    vip_booking_advance_days: {
      label: 'VIP-bokningshorisont',
      unit: 'dagar',
      hint: 'Hur många dagar framåt VIP-kunder kan boka. Bör vara längre än den vanliga bokningshorisonten.',
    },
    slot_length_minutes: {
      label: 'Tidsluckans längd',
      unit: 'minuter',
      hint: 'Avståndet mellan tiderna kunderna kan välja.',
    },
    cancellation_deadline_minutes: {
      label: 'Avbokningsgräns',
      unit: 'minuter',
      hint: 'Hur många minuter före den bokade tiden en kund senast kan avboka.',
    },
    reminder_minutes_before: {
      label: 'Påminnelse före tiden',
      unit: 'minuter',
      hint: 'Så många minuter före tiden får kunder med bekräftad bokning en påminnelse via e-post (inte de som bokade eller bekräftades närmare inpå). 0 stänger av påminnelserna.',
    },
    pending_expiry_minutes: {
      label: 'Obekräftade bokningar avbokas efter',
      unit: 'minuter',
      hint: 'En bokning som ingen har bekräftat inom så många minuter avbokas automatiskt (”Ej bekräftad i tid”): tiden och en använd bonuskod frigörs och kunden får ett avbokningsmejl. 0 stänger av.',
    },
    waitlist_hold_minutes: {
      label: 'Kötid för ett erbjudande',
      unit: 'minuter',
      hint: 'När en plats blir ledig i en full tid får den första i kön som får plats ett mejl. Så här många minuter hålls platsen åt hen; bokar hen inte i tid går den vidare till nästa i kön.',
    },
    personal_data_retention_months: {
      label: 'Radera kunduppgifter efter',
      unit: 'månader',
      hint: 'Så många månader efter en kunds senaste bokning, köplats eller VIP-inbjudan raderas namn, e-post, telefon och kommentar automatiskt (bokningarna och statistiken finns kvar). Standard är 24 månader; bokföringen behöver bara beloppen, inte vem som beställde. 0 sparar dem tills de raderas under Kunddata, och det måste du kunna motivera.',
    },
  },
};

// The Kunddata screen's texts (ours: GDPR requests are not in SPEC).
const bookingCount = (n: number) => `${n} ${n === 1 ? 'bokning' : 'bokningar'}`;

export const customerTexts = {
  title: 'Kunddata',
  intro:
    'När en kund frågar vad kiosken har sparat om dem (GDPR, artikel 15, och artikel 20: filen är maskinläsbar): sök på e-postadressen, telefonnumret (för en kund som bara beställt per telefon utan e-post) eller ordernumret, och ladda ner allt som JSON – bokningar med historik, köplatser, notiser, VIP-uppgifter, inbjudningar och skickade mejl. En beställning i kiosken med bara ett namn hittar du med namnet och dagen nedan. Begär kunden att bli raderad (artikel 17) gör du det under sökresultatet.',
  formTitle: 'Sök kund',
  email: 'Kundens e-postadress eller telefonnummer (eller ordernummer)',
  emailHint:
    'Telefonnummer för en kund utan e-postadress (telefonbeställning), ordernummer (till exempel 20261207-3) för en beställning med bara ett namn. Beställningar med e-postadress hittas med e-postadressen.',
  // Issue 45: a counter or phone order with only a name, found by the name and the day.
  byNameTitle: 'Sök beställning på namn och dag',
  byNameHint: 'För en beställning i kiosken eller per telefon utan e-postadress.',
  byName: 'Kundens namn (eller en del av det)',
  byNameDate: 'Dag',
  byNameSearch: 'Sök beställningar',
  byNameNone: 'Ingen beställning den dagen har ett sådant namn.',
  byNameFound: (n: number) => `${n} ${n === 1 ? 'beställning' : 'beställningar'} hittades`,
  byNameOpen: (id: string) => `Visa kunddata för ${id}`,
  byNameShow: 'Visa',
  contact: { email: 'med e-post', phone: 'med telefon', name: 'bara namn' } as Record<string, string>,
  search: 'Hämta kunddata',
  searching: 'Hämtar...',
  failed: 'Kunde inte hämta kunddata',
  resultTitle: (who: string) => `Sparat om ${who}`,
  bookings: 'Bokningar',
  waitlist: 'Köplatser',
  pushSubscriptions: 'Notiser (webbläsare)',
  vipCustomers: 'VIP-kund',
  invitations: 'VIP-inbjudningar',
  mails: 'Skickade mejl',
  nothing: 'Inget finns sparat om den här e-postadressen.',
  nothingPhone: 'Inget finns sparat om det här telefonnumret.',
  nothingNumber: 'Inget finns sparat om den här beställningen.',
  download: 'Ladda ner som JSON',
  downloaded: 'Kunddata nedladdad!',
  fileName: (who: string) => `kunddata-${who.replace(/[^a-z0-9@._+-]/gi, '_')}.json`,
  // Erasure (GDPR, artikel 17; rule: erasure)
  eraseTitle: 'Radera kunduppgifter',
  eraseIntro: (who: string) =>
    `När kunden begär att bli raderad: ta bort namn, e-postadress, telefonnummer och kommentar för ${who}. Bokningarna och statistiken finns kvar.`,
  eraseOpen: 'Radera kunduppgifter...',
  eraseDialogTitle: (who: string) => `Radera kunduppgifter för ${who}?`,
  eraseIrreversible: 'Raderingen kan inte ångras.',
  // What erasure covers (domain/customers/personalData.ts, api/erasure) and when it is complete.
  eraseWhat: (bookings: number) =>
    `Det här raderas: kundens namn, e-postadress, telefonnummer och kommentar, i alla bokningar (${bookingCount(bookings)}) och överallt annars där de finns sparade: köplatser, VIP-uppgifter och inbjudningar, webbläsarnotiser, personalens orsaker till avbokningar och mejlen till kunden. De ersätts med [raderad]. Är kunden VIP raderas också de e-postadresser hen haft tidigare, med allt som finns sparat under dem.`,
  eraseKept: 'Det här finns kvar: bokningarna med tider, pizzor, belopp och status, och statistiken.',
  eraseWhen:
    'Raderingen är klar när bekräftelsen visas: kundens krypteringsnyckel är förstörd, så uppgifterna går inte längre att läsa i bokningssystemet, i exporter eller i nya säkerhetskopior. Säkerhetskopior från före raderingen innehåller dem tills de roteras bort, och återställs en sådan raderas kunden på nytt.',
  eraseConfirm: 'Skriv kundens e-postadress för att bekräfta',
  eraseConfirmPhone: 'Skriv kundens telefonnummer för att bekräfta',
  eraseMismatch: 'Skriv samma e-postadress som du sökte på',
  eraseMismatchPhone: 'Skriv samma telefonnummer som du sökte på',
  eraseConfirmNumber: 'Skriv ordernumret för att bekräfta',
  eraseMismatchNumber: 'Skriv samma ordernummer som du sökte på',
  eraseSubmit: 'Radera för alltid',
  erasing: 'Raderar...',
  eraseFailed: 'Kunde inte radera kunduppgifterna',
  erased: (bookings: number) => `Kunduppgifterna är raderade: ${bookingCount(bookings)}`,
  erasedAt: 'Raderingen gjordes',
};

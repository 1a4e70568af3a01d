// The Kunddata screen's texts (ours: GDPR requests are not in SPEC).
export const customerTexts = {
  title: 'Kunddata',
  intro: 'När en kund frågar vad kiosken har sparat om dem (GDPR, artikel 15): sök på e-postadressen och ladda ner allt som JSON – bokningar med historik, VIP-uppgifter, inbjudningar och skickade mejl.',
  formTitle: 'Sök kund',
  email: 'Kundens e-postadress',
  search: 'Hämta kunddata',
  searching: 'Hämtar...',
  failed: 'Kunde inte hämta kunddata',
  resultTitle: (email: string) => `Sparat om ${email}`,
  bookings: 'Bokningar',
  vipCustomers: 'VIP-kund',
  invitations: 'VIP-inbjudningar',
  mails: 'Skickade mejl',
  nothing: 'Inget finns sparat om den här e-postadressen.',
  download: 'Ladda ner som JSON',
  downloaded: 'Kunddata nedladdad!',
  fileName: (email: string) => `kunddata-${email.replace(/[^a-z0-9@._-]/gi, '_')}.json`,
};

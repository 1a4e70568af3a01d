// The Swedish texts of the staff admin in one place; SPEC 8's are word for word.
export const ADMIN_VERSION = 'v1.1.0';

export const a = {
  loading: 'Laddar...',
  loginOk: 'Inloggning lyckades!',
  loginFailed: 'Inloggning misslyckades',
  statsFailed: 'Kunde inte ladda statistik',
  reportFailed: 'Kunde inte ladda ner rapport',
  reportOk: 'Rapport nedladdad!',
  invalidReportDate: 'Välj ett giltigt datum',
  bookingsFailed: 'Kunde inte ladda bokningar',
  detailsFailed: 'Kunde inte ladda bokningsdetaljer',
  confirmFailed: 'Kunde inte bekräfta bokning',
  cancelFailed: 'Kunde inte avboka bokning',
  confirmed: 'Bokning bekräftad!',
  cancelled: 'Bokning avbokad!',
  cancelReasonPrompt: 'Ange en anledning till avbokningen:',
  newBooking: (name: string, time: string) => `Ny bokning från ${name} kl ${time}`,
};

export const STATUS_TEXT: Record<string, string> = {
  pending: 'Väntande',
  confirmed: 'Bekräftad',
  cancelled: 'Avbokad',
};

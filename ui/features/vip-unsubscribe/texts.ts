// The page a VIP invitation's unsubscribe link opens (rule: vip-unsubscribe): Swedish, ours.
export const vipUnsubscribeTexts = {
  title: 'VIP-inbjudningar',
  heading: 'Sluta få inbjudningar',
  intro: (kiosk: string) => `Vill du sluta få VIP-inbjudningar per mejl från ${kiosk}?`,
  stays:
    'Du får då inga fler inbjudningar. Din plats på VIP-listan och dina bokningar påverkas inte, och du kan fortfarande boka som vanligt.',
  submit: 'Avregistrera mig',
  submitting: 'Avregistrerar...',
  failed: 'Kunde inte avregistrera dig. Försök igen.',
  doneAt: 'Avregistrerad',
  back: 'Till bokningssidan',
};

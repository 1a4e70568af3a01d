// The confirmation's Swish payment (issue 49, rule: swish-payment): what the customer is told
// while the payment is asked for, and how it ended. The failures' texts are the domain's.
export const swishTexts = {
  title: 'Betala med Swish',
  amount: (kr: string) => `Att betala: ${kr}`,
  openApp: 'Öppna Swish',
  scan: 'Skanna QR-koden med Swish-appen i din mobil för att betala.',
  qrAlt: (kr: string) => `QR-kod för att betala ${kr} med Swish`,
  phoneHint: 'Tryck på knappen för att betala i Swish-appen och kom sedan tillbaka hit.',
  waiting: 'Väntar på betalningen …',
  deadline: (time: string) => `Betala senast kl. ${time}, annars släpps tiden.`,
  paid: 'Betalningen är klar. Tack!',
  paidNext: 'Beställningen väntar nu på kioskens bekräftelse, som skickas till din e-post.',
  failedTitle: 'Betalningen gick inte igenom',
  unknown: 'Vi kunde inte läsa betalningens status just nu. Sidan försöker igen.',
  noToken:
    'Betalningen kunde inte startas just nu. Vi försöker igen; kommer ingen betalning i tid släpps tiden och beställningen avbokas.',
};

// The waitlist's prompt under the booking page's slots (rule: waitlist), apart from the rest of its
// texts (texts.ts), which load with the join dialog.
export const waitlistPromptTexts = {
  promptTitle: 'Fullt på tiden du vill ha?',
  prompt: 'Ställ dig i kö. Blir det plats mejlar vi dig en länk, och platsen hålls åt dig en stund.',
  openJoin: 'Ställ dig i kö',
};

// The booking page's texts for the counter's evening (issue 29): sold out, stock, paused.
export const counterTexts = {
  soldOutToday: 'Slut idag',
  soldOutThatDay: 'Slut denna dag',
  soldOutUntil: (time: string) => `Slut till ${time}`,
  noneLeft: 'Slutsåld denna dag',
  pausedTitle: 'Webbokningen är pausad',
  otherDays: 'Du kan fortfarande boka andra dagar.',
};

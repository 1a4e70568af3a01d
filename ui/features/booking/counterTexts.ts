// The booking page's texts for the counter's evening (issue 29): sold out, stock, paused.
export const counterTexts = {
  soldOutToday: 'Slut idag',
  soldOutThatDay: 'Slut denna dag',
  soldOutUntil: (time: string) => `Slut till ${time}`,
  noneLeft: 'Slutsåld denna dag',
  /** Its base used up for the day (rule: daily-stock), e.g. 'Glutenfri botten slut denna dag'. */
  baseNoneLeft: (base: string) => `${base} slut denna dag`,
  pausedTitle: 'Webbokningen är pausad',
  otherDays: 'Du kan fortfarande boka andra dagar.',
  /** A live availability change took the chosen time (issue 29: open pages see capacity change). */
  timeTaken: (time: string) => `Tiden ${time} har inte längre plats för din beställning. Välj en annan tid.`,
};

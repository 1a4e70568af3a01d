// A delayed slot's texts (rule: slot-delay), shared by the kitchen board, the staff's bookings list
// and /my-booking: the new time always beside the booked one.
export const slotDelayTexts = {
  /** Staff: the board's slot and the bookings list, e.g. 'Uppskjuten till 18:20'. */
  delayedTo: (to: string) => `Uppskjuten till ${to}`,
  /** The customer's time: the new one, with the booked one after it. */
  customerTime: (to: string, booked: string) => `${to} (bokad ${booked})`,
  customerNotice: (to: string, booked: string) =>
    `Köket ligger efter: din beställning är klar ${to} i stället för ${booked}.`,
};

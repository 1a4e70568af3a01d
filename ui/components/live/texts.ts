// The live stream's texts on the staff's screens (the dashboard, the bookings, the kitchen).
export const liveTexts = {
  newBooking: (name: string, time: string) => `Ny bokning från ${name} kl ${time}`,
};

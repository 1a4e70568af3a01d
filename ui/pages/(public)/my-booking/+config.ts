export default {
  title: 'Min bokning – Pizzakiosken',
  description: 'Se eller avboka din pizzabeställning hos Pizzakiosken med e-post och bokningsnummer.',
};

// The Swedish texts of /admin/pizzas. SPEC 8's message comes from domain/messages.ts (the pizza
// schema sends it too); the rest (labels, the confirmation SPEC leaves open) are ours.
import { ALLERGEN_TEXTS } from '../../../domain/menu/allergens.js';

export const pizzaTexts = {
  title: 'Pizzor',
  add: '+ Ny pizza',
  loadFailed: 'Kunde inte ladda pizzor',
  saveFailed: 'Kunde inte spara pizza',
  deleteFailed: 'Kunde inte ta bort pizza',
  created: 'Pizza skapad!',
  updated: 'Pizza uppdaterad!',
  deleted: 'Pizza borttagen!',
  confirmDelete: (name: string) => `Är du säker på att du vill ta bort "${name}"?`,
  empty: 'Menyn är tom. Lägg till den första pizzan med knappen ovan.',
  menu: 'Menyn',
  active: 'Aktiv',
  inactive: 'Inaktiv',
  noDescription: 'Ingen beskrivning',
  edit: 'Redigera',
  editNamed: (name: string) => `Redigera ${name}`,
  remove: 'Ta bort',
  removeNamed: (name: string) => `Ta bort ${name}`,
  removing: 'Tar bort...',
  newTitle: 'Ny pizza',
  create: 'Skapa pizza',
  saveChanges: 'Spara ändringar',
  name: 'Namn',
  description: 'Beskrivning',
  price: 'Pris (kr)',
  activeOnMenu: 'Aktiv (visas på menyn)',
  allergens: 'Allergener',
  allergensHint:
    'Kryssa i allt pizzan innehåller av de 14 allergenerna (EU-förordning 1169/2011), eller Inga allergener. En pizza utan allergenuppgift visas på menyn men kan inte beställas online, bara i kiosken.',
  noAllergens: ALLERGEN_TEXTS.none,
  allergensLabel: ALLERGEN_TEXTS.label,
  /** rule: undeclared-pizzas: the grid's marker until staff declare the pizza's allergens. */
  undeclared: 'Allergener saknas',
};

// The order status screen's texts (rule: order-status-screen); /my-booking's kitchen status is
// in ui/components/kitchenStatusTexts.ts.
export const orderStatusTexts = {
  title: 'Orderstatus',
  baking: 'I ugnen',
  ready: 'Klar att hämta',
  noneBaking: 'Inget i ugnen just nu',
  noneReady: 'Inget att hämta just nu',
  hint: 'Hämta vid disken när ditt nummer står under Klar att hämta.',
  live: 'Uppdateras live',
  offline: 'Ej ansluten, försöker igen',
  count: (n: number) => (n === 1 ? '1 order' : `${n} ordrar`),
  order: (id: string) => `Order ${id}`,
};

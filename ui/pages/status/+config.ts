export default {
  title: 'Orderstatus – Pizzakiosken',
  description: 'Ordrar i ugnen och klara att hämta hos Pizzakiosken, med ordernummer.',
};

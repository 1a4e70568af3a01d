export default {
  title: 'Avregistrera VIP-inbjudningar – Pizzakiosken',
  description: 'Sluta få VIP-inbjudningar per mejl från Pizzakiosken.',
};

export default {
  title: 'Din plats i kön – Pizzakiosken',
  description: 'Boka platsen som hålls åt dig från kön hos Pizzakiosken.',
};

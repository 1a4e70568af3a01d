export default {
  title: 'Integritet – Pizzakiosken',
  description:
    'Vilka personuppgifter Pizzakiosken sparar när du förbeställer, varför, hur länge och vilka rättigheter du har.',
};

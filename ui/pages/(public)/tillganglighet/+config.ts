export default {
  title: 'Tillgänglighet – Pizzakiosken',
  description: 'Hur Pizzakiosken uppfyller kraven på tillgänglighet, kända brister och hur du meddelar oss brister.',
};

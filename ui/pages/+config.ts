import type { Config } from 'vike/types';
import vikeReact from 'vike-react/config';

export default {
  extends: [vikeReact],
  lang: 'sv',
  title: 'Pizzakiosken – förbeställ din pizza',
  description: 'Förbeställ stenugnsbakad pizza från Pizzakiosken till en tid som köket hinner med. Hämta eller ät på plats – boka på en minut, även offline.',
  // The server passes a way to call its own /api to +data hooks (see api/http/ui.ts).
  passToClient: [],
} satisfies Config;

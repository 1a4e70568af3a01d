import type { Config } from 'vike/types';
import vikeReact from 'vike-react/config';

export default {
  extends: [vikeReact],
  lang: 'sv',
  title: 'Pizzakiosken – förbeställ din pizza',
  description:
    'Förbeställ stenugnsbakad pizza från Pizzakiosken till en tid som köket hinner med. Hämta eller ät på plats – boka på en minut, även offline.',
  // Pages are routed on the server: the customer's pages need no client router (a page loads as
  // a whole, which the offline service worker serves), and the admin's links load pages too.
  clientRouting: false,
  // The server passes a way to call its own /api to +data hooks (see api/http/ui.ts); only the
  // URL's path goes to the browser, where the layouts read it (no router there to tell it).
  // The kiosk's own name, tagline and logo (rule: kiosk-identity), read by the server for every page.
  passToClient: ['urlPathname', 'kiosk'],
} satisfies Config;

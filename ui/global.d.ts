/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

import type { SellerAnswer } from '../domain/answers/index.js';
import type { KioskAnswer } from '../domain/answers/kiosk.js';
import type { PaymentMethod } from '../domain/settings/orderTerms.js';

declare global {
  namespace Vike {
    interface PageContext {
      /** The seller's details on the customer pages ((public)/+onBeforeRender); null when unread. */
      seller?: SellerAnswer | null;
      /** The kiosk's name, tagline and logo, and whether web orders are open (api/http/ui.ts); null when unread. */
      kiosk?: KioskAnswer | null;
      /**
       * How the till takes payment and the cross-contact note (rules before-order,
       * cross-contact-note), from the public settings; null when unread.
       */
      orderTerms?: { payment_methods: PaymentMethod[]; cross_contact_note: string } | null;
    }
    interface PageContextServer {
      /** Calls the server's own /api in-process (api/http/ui.ts); rejects on a non-2xx answer. */
      apiGet: <T>(path: string) => Promise<T>;
    }
  }
}

export {};

/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

import type { SellerAnswer } from '../domain/answers/index.js';

declare global {
  namespace Vike {
    interface PageContext {
      /** The seller's details on the customer pages ((public)/+onBeforeRender); null when unread. */
      seller?: SellerAnswer | null;
    }
    interface PageContextServer {
      /** Calls the server's own /api in-process (api/http/ui.ts); rejects on a non-2xx answer. */
      apiGet: <T>(path: string) => Promise<T>;
    }
  }
}

export {};

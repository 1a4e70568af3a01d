/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

declare global {
  namespace Vike {
    interface PageContextServer {
      /** Calls the server's own /api in-process (api/http/ui.ts); rejects on a non-2xx answer. */
      apiGet: <T>(path: string) => Promise<T>;
    }
  }
}

export {};

// The kiosk's own name, tagline and logo (rule: kiosk-identity) as every page has them: read once
// per render from GET /api/kiosk by the server (api/http/ui.ts) and passed to the browser with the
// page; the defaults before anything was read (a fresh install's "Pizzakiosken").
import { usePageContext } from 'vike-react/usePageContext';
import type { KioskAnswer } from '../../domain/answers/kiosk.js';

export const DEFAULT_KIOSK: KioskAnswer = {
  name: 'Pizzakiosken',
  tagline: 'Stenugnsbakad pizza, beställd i förväg',
  logo_url: null,
  logo_type: null,
  web_orders_open: true,
};

/** The built-in mark, shown where the kiosk has uploaded no logo. */
export const DEFAULT_LOGO = '/favicon.svg';

export function useKiosk(): KioskAnswer {
  return usePageContext().kiosk ?? DEFAULT_KIOSK;
}

/** A text written with the default name ('Min bokning – Pizzakiosken') in the kiosk's own name. */
export const named = (text: string, name: string): string => text.replaceAll(DEFAULT_KIOSK.name, name);

// The legal pages' one call: the settings' figures they show (GET /legal), read by the server
// for the first HTML, so both pages are whole without JavaScript and from the offline cache.
import type { LegalNotice } from '../../../../domain/answers/index.js';

export type { LegalNotice };

export const LEGAL_PATH = '/api/legal';

/** The figures, or null when the read failed (the pages then say so instead of a number). */
export const readLegalNotice = (get: <T>(path: string) => Promise<T>): Promise<LegalNotice | null> =>
  get<LegalNotice>(LEGAL_PATH).catch(() => null);

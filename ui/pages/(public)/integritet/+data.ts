// The notice's figures are in its first HTML: readable without JavaScript and from the offline cache.
import type { PageContextServer } from 'vike/types';
import { readLegalNotice, type LegalNotice } from '../../../features/legal/api/legal.js';

export type Data = LegalNotice | null;

export const data = (pageContext: PageContextServer): Promise<Data> =>
  readLegalNotice((path) => pageContext.apiGet(path));

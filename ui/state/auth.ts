// Who the admin is (SPEC 4): unknown while loading, then the signed-in user or none.
import { atom } from 'jotai';

export interface AdminUser {
  id?: number | string;
  name: string;
  email?: string;
}

export const userAtom = atom<AdminUser | null | undefined>(undefined);

// Who the admin is (SPEC 4): unknown while loading, then the signed-in user or none.
import { atom } from 'jotai';
import type { AdminUser } from '../../domain/answers/admin.js';

export type { AdminUser };

export const userAtom = atom<AdminUser | null | undefined>(undefined);

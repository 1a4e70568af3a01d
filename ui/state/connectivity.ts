// Connectivity (SPEC 4): tracked from the browser's online/offline events.
import { atom } from 'jotai';

/** Assumed online until the browser says otherwise (also during the server render). */
export const onlineAtom = atom(true);
/** Bumped after offline bookings were synced, so pages refresh what they show. */
export const syncedAtom = atom(0);

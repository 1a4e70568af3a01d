// The signed-in user, for the admin frame (name, logout). Pages with data of their own read it
// on the client after the guard let them through.
import type { PageContextServer } from 'vike/types';
import { currentUser } from './currentUser.js';

export type AdminData = { user: Awaited<ReturnType<typeof currentUser>> };

export async function data(pageContext: PageContextServer): Promise<AdminData> {
  return { user: await currentUser(pageContext) };
}

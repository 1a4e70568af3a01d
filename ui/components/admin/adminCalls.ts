// What the admin's list-and-form screens share in their calls: a thing's list, its save (POST for a
// new one, PUT for an edit) and its delete under one path, and the pick of the fields a page ships
// in its first HTML (data is shipped to the client: only what the page shows).
import { api } from '../../lib/api.js';

/** GET path, POST path (id null) or PUT path/{id}, DELETE path/{id}. */
export function crudCalls<T, Body>(path: string) {
  return {
    list: () => api<T[]>(path),
    save: (id: number | null, body: Body) =>
      id === null ? api(path, { method: 'POST', body }) : api(`${path}/${id}`, { method: 'PUT', body }),
    remove: (id: number) => api(`${path}/${id}`, { method: 'DELETE', body: {} }),
  };
}

/** A function that keeps only `keys` of a thing (and drops whatever else an answer carries). */
export function pickFields<T extends object, K extends keyof T>(keys: readonly K[]): (thing: T) => Pick<T, K> {
  return (thing) => Object.fromEntries(keys.map((key) => [key, thing[key]])) as Pick<T, K>;
}

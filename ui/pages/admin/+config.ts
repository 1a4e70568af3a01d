// The staff admin: every page is guarded on the server (+guard), carries the signed-in user in
// its first HTML (+data), and is kept out of search engines.
export default {
  title: 'Admin – Pizzakiosken',
  description: 'Pizzakioskens administration.',
};

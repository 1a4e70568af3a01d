// The footer's links to the legal pages, on every customer page: a module of their own, as the
// pages' full texts (texts.ts) would otherwise ride along in each page's first bundle (issue 30).
export const footerTexts = {
  about: 'Om webbplatsen',
  privacy: 'Integritet',
  accessibility: 'Tillgänglighet',
};

// The customer pages: the seller's details (+onBeforeRender) go to the browser with the page, so
// the footer and the order confirmation render the same there.
export default {
  passToClient: ['seller', 'orderTerms'],
};

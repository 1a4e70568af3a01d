// The booking page answers both / and /booking (SPEC 2).
import type { PageContext } from 'vike/types';

export default (pageContext: PageContext) => pageContext.urlPathname === '/' || pageContext.urlPathname === '/booking';

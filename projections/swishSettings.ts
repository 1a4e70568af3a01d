// The kiosk's Swish prepay rule as a read model (issue 49, rule: swish-prepay): the booking page
// shows the rule ("Betala nu med Swish", or that the order is paid in advance) before the order
// button, and the page kept for anonymous visitors (api/http/pageCache.ts) is kept per version of
// the read models it shows: this one among them (api/routes/index.ts PAGE_COLLECTIONS), so a new
// rule is on the next page in every process, not a minute later. What the rule asks of a booking
// is still read from its stream (api/services/swish.ts), never from here.
import { swishSettingsEvents } from '../domain/settings/swishPrepay.js';
import type { SwishPrepay } from '../domain/settings/swishPrepayAsked.js';
import { projection } from './projection.js';

export const SWISH_SETTINGS = 'swish_settings';

export type SwishSettingsDoc = { id: 'prepay'; prepay: SwishPrepay };

export const swishSettingsProjection = projection({
  name: 'swish_settings_v1',
  collections: [SWISH_SETTINGS],
  events: swishSettingsEvents.types,
  apply(event, batch) {
    return batch.update<SwishSettingsDoc>(SWISH_SETTINGS, 'prepay', event, () => ({
      id: 'prepay',
      prepay: event.data.prepay,
    }));
  },
});

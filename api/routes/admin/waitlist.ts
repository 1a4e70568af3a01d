// The staff's view of the waitlist (rule: waitlist): each slot's queue for a date.
import { waitlistQuerySchema } from '../../../domain/payloads.js';
import { waitlistQueueSchema } from '../../../domain/answers/index.js';
import { missedItsSlot } from '../../../domain/kioskDay/waitlist.js';
import { addDays, todayIn } from '../../../domain/shared/time.js';
import { publicDoc } from '../../../read-models/queries/common.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const waitlistAdminRoutes: RoutePlugin = async (app, { deps: { services } }) => {
  describeRoutes(app, 'Kö (personal)');
  const schema = {
    summary: 'Köerna: ett datums (today, tomorrow, yyyy-MM-dd) eller alla från i dag',
    querystring: waitlistQuerySchema,
    response: { 200: waitlistQueueSchema, ...refusals },
  };
  app.get('/waitlist', { schema }, async (request) => {
    const clock = services.clock();
    const today = todayIn(clock);
    const asked = request.query.date;
    const date =
      asked === undefined || asked === 'all'
        ? null
        : asked === 'today'
          ? today
          : asked === 'tomorrow'
            ? addDays(today, 1)
            : asked;
    const entries = (await services.waitlist.queue(date)).map(({ token: _secret, joined_position: _order, ...entry }) =>
      publicDoc({ ...entry, status: missedItsSlot(entry, entry.date, clock) ? ('missed' as const) : entry.status }),
    );
    return { entries };
  });
};

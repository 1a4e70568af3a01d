// VIP customers, VIP dates (the id of a VIP date is its date), links and invitations.
import { msg } from '../../../domain/messages.js';
import { vipDateDeleteSchema, vipDateSchema, vipInvitationSchema, vipLinkForDateSchema, vipLinkSchema } from '../../../domain/payloads.js';
import { vipCustomerInputSchema } from '../../../domain/vip/vipCustomers.js';
import { listVipCustomers, listVipDates, listVipInvitations, vipDateView } from '../../../read-models/queries/admin.js';
import { numericId, parse } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const vipRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  // ---- customers ----
  app.get('/vip-customers', async () => listVipCustomers(docs));

  app.post('/vip-customers', async (request, reply) => {
    const customer = await services.vip.addCustomer(parse(vipCustomerInputSchema, request.body), actorOf(request));
    return reply.status(201).send(customer);
  });

  app.put<{ Params: { id: string } }>('/vip-customers/:id', async (request) => {
    const id = numericId(request.params.id, msg.vipCustomerNotFound);
    return services.vip.updateCustomer(id, parse(vipCustomerInputSchema, request.body), actorOf(request));
  });

  app.delete<{ Params: { id: string } }>('/vip-customers/:id', async (request) => {
    await services.vip.removeCustomer(numericId(request.params.id, msg.vipCustomerNotFound), actorOf(request));
    return { success: true };
  });

  // ---- dates (SPEC 7 lists both delete routes: with the date in the body or in the path) ----
  app.get('/vip-dates', async () => listVipDates(docs));

  app.post('/vip-dates', async (request, reply) => {
    const { date, description } = parse(vipDateSchema, request.body);
    await services.calendar.markVipDate(date, description, actorOf(request));
    return reply.status(201).send({ success: true, vip_date: vipDateView({ date, vip_description: description, vip_created_by: actorOf(request) }) });
  });

  app.delete('/vip-dates', async (request) => {
    const { date } = parse(vipDateDeleteSchema, request.body);
    await services.calendar.removeVipDate(date, actorOf(request));
    return { success: true };
  });

  app.delete<{ Params: { id: string } }>('/vip-dates/:id', async (request) => {
    const { date } = parse(vipDateDeleteSchema, { date: request.params.id });
    await services.calendar.removeVipDate(date, actorOf(request));
    return { success: true };
  });

  // ---- links and invitations ----
  app.post('/vip-links/generate-for-date', async (request) => {
    const input = parse(vipLinkForDateSchema, request.body);
    return services.vip.issueLink({ customerId: null, vipDate: input.vip_date_id, expiresHours: input.expires_hours }, actorOf(request));
  });

  app.post('/vip-links/generate', async (request) => {
    const input = parse(vipLinkSchema, request.body);
    return services.vip.issueLink({ customerId: input.vip_customer_id, vipDate: input.vip_date_id, expiresHours: input.expires_hours }, actorOf(request));
  });

  app.post('/vip-invitations/send', async (request) => {
    const input = parse(vipInvitationSchema, request.body);
    const invitations = await services.vip.sendInvitations(
      { customerIds: input.customer_ids, subject: input.subject, message: input.message, expiresHours: input.expires_hours, vipDate: input.vip_date_id },
      actorOf(request),
    );
    return { success: true, sent: invitations.length, invitations };
  });

  app.get('/vip-invitations', async () => listVipInvitations(docs));
};

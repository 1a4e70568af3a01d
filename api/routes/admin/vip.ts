// VIP customers, VIP dates (the id of a VIP date is its date), links and invitations.
import { msg } from '../../../domain/messages.js';
import {
  numericIdParams,
  vipDateDeleteSchema,
  vipDateIdParams,
  vipDateSchema,
  vipInvitationSchema,
  vipLinkForDateSchema,
  vipLinkSchema,
} from '../../../domain/payloads.js';
import { vipCustomerInputSchema } from '../../../domain/vip/vipCustomers.js';
import * as answers from '../../../domain/answers/index.js';
import { listVipCustomers, listVipDates, listVipInvitations, vipDateView } from '../../../read-models/queries/admin.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const vipRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'VIP');
  const success = { 200: answers.successAnswerSchema, ...refusals };

  // ---- customers ----
  const customer = { 200: answers.vipCustomerSchema, ...refusals };
  const params = numericIdParams(msg.vipCustomerNotFound);
  app.get(
    '/vip-customers',
    { schema: { summary: 'VIP-kunder', response: { 200: answers.vipCustomerListSchema, ...refusals } } },
    async () => listVipCustomers(docs),
  );

  app.post(
    '/vip-customers',
    {
      schema: {
        summary: 'Ny VIP-kund (unik e-post)',
        body: vipCustomerInputSchema,
        response: { 201: answers.vipCustomerSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await services.vip.addCustomer(request.body, actorOf(request))),
  );

  app.put(
    '/vip-customers/:id',
    { schema: { summary: 'Ändra en VIP-kund', params, body: vipCustomerInputSchema, response: customer } },
    async (request) => services.vip.updateCustomer(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/vip-customers/:id',
    { schema: { summary: 'Ta bort en VIP-kund', params, response: success } },
    async (request) => {
      await services.vip.removeCustomer(request.params.id, actorOf(request));
      return { success: true as const };
    },
  );

  // ---- dates (SPEC 7 lists both delete routes: with the date in the body or in the path) ----
  app.get(
    '/vip-dates',
    { schema: { summary: 'VIP-datum', response: { 200: answers.vipDateListSchema, ...refusals } } },
    async () => listVipDates(docs),
  );

  app.post(
    '/vip-dates',
    {
      schema: {
        summary: 'Markera ett öppet datum som VIP',
        body: vipDateSchema,
        response: { 201: answers.vipDateCreatedSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { date, description } = request.body;
      await services.calendar.markVipDate(date, description, actorOf(request));
      return reply.status(201).send({
        success: true,
        vip_date: vipDateView({ date, vip_description: description, vip_created_by: actorOf(request) }),
      });
    },
  );

  app.delete(
    '/vip-dates',
    { schema: { summary: 'Ta bort VIP-markeringen (datum i kroppen)', body: vipDateDeleteSchema, response: success } },
    async (request) => {
      await services.calendar.removeVipDate(request.body.date, actorOf(request));
      return { success: true as const };
    },
  );

  app.delete(
    '/vip-dates/:id',
    { schema: { summary: 'Ta bort VIP-markeringen (datum i sökvägen)', params: vipDateIdParams, response: success } },
    async (request) => {
      await services.calendar.removeVipDate(request.params.id, actorOf(request));
      return { success: true as const };
    },
  );

  // ---- links and invitations ----
  const link = { 200: answers.vipLinkSchema, ...refusals };
  app.post(
    '/vip-links/generate-for-date',
    { schema: { summary: 'En länk för vem som helst till ett VIP-datum', body: vipLinkForDateSchema, response: link } },
    async (request) =>
      services.vip.issueLink(
        { customerId: null, vipDate: request.body.vip_date_id, expiresHours: request.body.expires_hours },
        actorOf(request),
      ),
  );

  app.post(
    '/vip-links/generate',
    { schema: { summary: 'En personlig länk för en VIP-kund', body: vipLinkSchema, response: link } },
    async (request) =>
      services.vip.issueLink(
        {
          customerId: request.body.vip_customer_id,
          vipDate: request.body.vip_date_id,
          expiresHours: request.body.expires_hours,
        },
        actorOf(request),
      ),
  );

  const sendSchema = {
    summary: 'Skicka inbjudningar (ett mejl per kund, {name} ersätts)',
    body: vipInvitationSchema,
    response: { 200: answers.vipInvitationSentSchema, ...refusals },
  };
  app.post('/vip-invitations/send', { schema: sendSchema }, async (request) => {
    const input = request.body;
    const invitations = await services.vip.sendInvitations(
      {
        customerIds: input.customer_ids,
        subject: input.subject,
        message: input.message,
        expiresHours: input.expires_hours,
        vipDate: input.vip_date_id,
      },
      actorOf(request),
    );
    return { success: true as const, sent: invitations.length, invitations };
  });

  app.get(
    '/vip-invitations',
    {
      schema: {
        summary: 'Skickade inbjudningar, nyaste först',
        response: { 200: answers.vipInvitationListSchema, ...refusals },
      },
    },
    async () => listVipInvitations(docs),
  );
};

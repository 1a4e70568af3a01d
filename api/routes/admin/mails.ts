// The mail log (rule: mail): every mail with where it stands, and sending one again on purpose.
import { idParams, mailsQuerySchema } from '../../../domain/payloads.js';
import { mailFailedSeenSchema, mailLogSchema, mailResentSchema } from '../../../domain/answers/index.js';
import { msg } from '../../../domain/messages.js';
import { notFound } from '../../../domain/shared/errors.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { smsLog } from '../../sms/smsLog.js';

export const mailRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'E-post');

  app.get(
    '/mails',
    {
      schema: {
        summary:
          'E-postloggen, nyast först: typ, mottagare, ämne, bokning, status, försök och senaste fel; SMS-notiserna med leveransrapport bredvid',
        querystring: mailsQuerySchema,
        response: { 200: mailLogSchema, ...refusals },
      },
    },
    async (request) => ({
      mails: await services.mails.list(request.query),
      // The SMS notices beside them (rule: sms-delivery-reports), under the same filters.
      sms: await smsLog(docs, request.query),
    }),
  );

  app.post(
    '/mails/failed/seen',
    {
      schema: {
        summary:
          'Personalen har tittat på de e-postmeddelanden som inte gick att skicka: de är inte längre ett larm (mail_failed) eller en banner',
        response: { 200: mailFailedSeenSchema, ...refusals },
      },
    },
    async (request) => {
      await services.mails.seenFailed(request.admin?.email ?? 'admin');
      return { failed_unseen: 0 as const };
    },
  );

  app.post(
    '/mails/:id/resend',
    {
      schema: {
        summary: 'Skicka ett e-postmeddelande igen (ett nytt meddelande i loggen; det gamla finns kvar)',
        params: idParams,
        response: { 201: mailResentSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const mail = await services.mails.resend(request.params.id);
      return mail ? reply.status(201).send({ mail }) : notFound(msg.mailNotFound);
    },
  );
};

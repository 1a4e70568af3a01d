// The accountant's books: the VAT rates and BAS accounts, a period's figures, and its CSV and SIE 4
// files (Bokföringsunderlag on the reports screen).
import { accountingSettingsSchema } from '../../../domain/accounting/accounting.js';
import { bookingsReportQuerySchema } from '../../../domain/payloads.js';
import { accountingPeriodAnswerSchema, accountingSettingsAnswerSchema } from '../../../domain/answers/index.js';
import { KIOSK_NAME } from '../../../domain/settings/seller.js';
import { APP_VERSION } from '../../../domain/version.js';
import { wallClock } from '../../../domain/shared/time.js';
import { accountingCsv, accountingSie } from '../../reports/accountingFiles.js';
import { describeRoutes, fileAnswer, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const accountingRoutes: RoutePlugin = async (app, { deps: { services } }) => {
  describeRoutes(app, 'Bokföring');
  const settingsAnswer = { 200: accountingSettingsAnswerSchema, ...refusals };

  app.get(
    '/accounting/settings',
    {
      schema: {
        summary: 'Momssatser per ordertyp och period, och BAS-konton för bokföringsunderlaget',
        response: settingsAnswer,
      },
    },
    async () => services.accounting.settings(),
  );

  app.put(
    '/accounting/settings',
    {
      schema: {
        summary: 'Spara momssatstabellen (per ordertyp, med giltighetsdatum) och BAS-konton',
        body: accountingSettingsSchema,
        response: settingsAnswer,
      },
    },
    async (request) => services.accounting.updateSettings(request.body, actorOf(request)),
  );

  app.get(
    '/reports/accounting',
    {
      schema: {
        summary: 'Bokföringsunderlag för en period: intäkter per dag och momssats, och vad som lämnats utanför',
        querystring: bookingsReportQuerySchema,
        response: { 200: accountingPeriodAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { startDate, endDate } = request.query;
      const { period, settings } = await services.accounting.period(startDate, endDate);
      return { startDate, endDate, ...period, settings };
    },
  );

  app.get(
    '/reports/accounting.csv',
    {
      schema: {
        summary: 'Bokföringsunderlaget som CSV (semikolon, decimalkomma, UTF-8 med BOM)',
        querystring: bookingsReportQuerySchema,
        response: { 200: fileAnswer('text/csv', 'CSV'), ...refusals },
      },
    },
    async (request, reply) => {
      const { startDate, endDate } = request.query;
      const [{ period, settings }, { seller }] = await Promise.all([
        services.accounting.period(startDate, endDate),
        services.settings.current(),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bokforing-${startDate}-${endDate}.csv"`)
        .send(accountingCsv(period, settings, startDate, endDate, seller));
    },
  );

  app.get(
    '/reports/accounting.se',
    {
      schema: {
        summary: 'Bokföringsunderlaget som SIE 4-fil (PC8, kodsida 437)',
        querystring: bookingsReportQuerySchema,
        response: { 200: fileAnswer('application/octet-stream', 'SIE 4'), ...refusals },
      },
    },
    async (request, reply) => {
      const { startDate, endDate } = request.query;
      const [{ period, settings }, kiosk] = await Promise.all([
        services.accounting.period(startDate, endDate),
        services.settings.current(),
      ]);
      const clock = services.clock();
      const file = accountingSie(period, settings, {
        // The seller's legal name and number (rule: seller-details); the kiosk's name until filled in.
        companyName: kiosk.seller.legal_name || KIOSK_NAME,
        orgNumber: kiosk.seller.org_number,
        financialYearStartMonth: kiosk.financial_year_start_month,
        program: 'Pizzakiosken',
        version: APP_VERSION,
        generatedOn: wallClock(clock.now, clock.timeZone).date,
        startDate,
        endDate,
      });
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="bokforing-${startDate}-${endDate}.se"`)
        .send(file);
    },
  );
};

// The accountant's books: the VAT rates and BAS accounts, a period's figures, and its CSV and SIE 4I
// files (Bokföringsunderlag on the reports screen).
import { accountingSettingsSchema } from '../../../domain/accounting/settingsSchema.js';
import { bookingsReportQuerySchema } from '../../../domain/payloads.js';
import { periodSchema } from '../../../domain/accounting/periods.js';
import {
  accountingPeriodAnswerSchema,
  accountingPeriodRowSchema,
  accountingPeriodsAnswerSchema,
  accountingSettingsAnswerSchema,
} from '../../../domain/answers/index.js';
import { z } from 'zod';
import { shownAccountingSettings } from '../../../domain/accounting/accounting.js';
import { KIOSK_NAME } from '../../../domain/settings/seller.js';
import { accountingCsv, accountingSie } from '../../reports/accountingFiles.js';
import { describeRoutes, fileAnswer, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';
import type { Books } from '../../services/accounting.js';

/** rule: sales-recording. Paid online and paid at pick-up apart (issue 49): each one's days and totals. */
const paymentChannels = (byChannel: Books['byChannel']) => ({
  at_pickup: { days: byChannel.at_pickup.days, totals: byChannel.at_pickup.totals },
  online: { days: byChannel.online.days, totals: byChannel.online.totals },
});

/** The SIE 4I file of a range's books. */
function sieOf(books: Books, startDate: string, endDate: string): Buffer {
  const { verifiedByChannel, settings, generatedOn, programVersion, seller, financialYearStartMonth } = books;
  // rule: sales-recording. Sales paid at pick-up against the cash account, paid online against Swish's.
  return accountingSie(
    verifiedByChannel.at_pickup,
    settings,
    {
      // The seller's legal name and number (rule: seller-details); the kiosk's name until filled in.
      // Closed books name the seller as they stood at the close.
      companyName: seller.legal_name || KIOSK_NAME,
      orgNumber: seller.org_number,
      financialYearStartMonth,
      program: 'Pizzakiosken',
      // A closed period's file is dated by its close and names the version that closed it, so it
      // reads the same byte for byte ever after.
      version: programVersion,
      generatedOn,
      startDate,
      endDate,
      salesRecording: books.salesRecording,
    },
    verifiedByChannel.online,
  );
}

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
    async () => shownAccountingSettings(await services.accounting.settings()),
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
    async (request) =>
      shownAccountingSettings(await services.accounting.updateSettings(request.body, actorOf(request))),
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
      const { period, settings, closed, byChannel } = await services.accounting.period(startDate, endDate);
      return {
        startDate,
        endDate,
        ...period,
        closed,
        payment_channels: paymentChannels(byChannel),
        settings: shownAccountingSettings(settings),
      };
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
      const { period, settings, seller, byChannel } = await services.accounting.period(startDate, endDate);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bokforing-${startDate}-${endDate}.csv"`)
        .send(accountingCsv(period, settings, startDate, endDate, seller, byChannel));
    },
  );

  // The SIE 4I file (rule: sales-recording: with the till it books none of the sales paid at
  // pick-up, and its header says so; rule: correction-dating: each correction with when it was
  // registered and by whom). Served as .si, the extension of SIE 4I (sie.se, "Format"); the .se
  // path, the file's old name, answers the same file for links saved before.
  const sieFile = (extension: 'si' | 'se') =>
    app.get(
      `/reports/accounting.${extension}`,
      {
        schema: {
          summary:
            extension === 'si'
              ? 'Bokföringsunderlaget som SIE 4I-fil (verifikationer utan nummer för import; PC8, kodsida 437)'
              : 'Samma SIE 4I-fil under sitt gamla namn (.se); använd accounting.si',
          ...(extension === 'se' ? { deprecated: true } : {}),
          querystring: bookingsReportQuerySchema,
          response: { 200: fileAnswer('application/octet-stream', 'SIE 4I'), ...refusals },
        },
      },
      async (request, reply) => {
        const { startDate, endDate } = request.query;
        const file = sieOf(await services.accounting.period(startDate, endDate), startDate, endDate);
        return reply
          .type('application/octet-stream')
          .header('content-disposition', `attachment; filename="bokforing-${startDate}-${endDate}.${extension}"`)
          .send(file);
      },
    );
  sieFile('si');
  sieFile('se');

  app.get(
    '/accounting/periods',
    {
      schema: {
        summary:
          'Bokföringsperioderna (kalendermånader) från den första med en bokning till den aktuella, nyast först: öppen eller stängd, av vem och när',
        response: { 200: accountingPeriodsAnswerSchema, ...refusals },
      },
    },
    async () => ({ periods: await services.accounting.periods() }),
  );

  app.post(
    '/accounting/periods/:period/close',
    {
      schema: {
        summary:
          'Stäng en rapporterad period: dess rapport, CSV och SIE-fil ändras aldrig mer, och senare ändringar av dess försäljning bokförs som rättelser i den första öppna perioden',
        params: z.strictObject({ period: periodSchema }),
        response: { 200: accountingPeriodRowSchema, ...refusals },
      },
    },
    async (request) => services.accounting.close(request.params.period, actorOf(request)),
  );
};

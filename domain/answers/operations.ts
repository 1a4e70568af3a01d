// GET /api/health and GET /api/ready.
import { z } from 'zod';
import { GO_LIVE_STEPS } from '../goLive/goLive.js';

export const healthSchema = z.strictObject({ status: z.literal('ok') });

export const readinessSchema = z.strictObject({
  ready: z.boolean(),
  event_store: z.enum(['ok', 'unreachable']),
  read_models: z.enum(['ok', 'unreachable']),
  projection_lag: z.number().int().nullable(),
  stopping: z.boolean(),
  mail: z
    .strictObject({
      due: z.number().int().describe('E-post som väntar på att skickas nu'),
      failed: z.number().int().describe('E-post som inte gick att skicka (se /api/admin/mails?status=failed)'),
      failed_unseen: z
        .number()
        .int()
        .describe('Av dem: de som ingen i personalen har tittat på i e-postloggen än (larmet mail_failed)'),
      oldest_due_seconds: z.number().int().nullable().describe('Hur länge den äldsta väntande har väntat'),
      relay: z.enum(['ok', 'failing']).describe('Om e-postservern tar emot just nu'),
      last_error: z.string().nullable().describe('E-postserverns senaste svar när den inte tar emot'),
    })
    .nullable(),
  push: z
    .strictObject({
      due: z.number().int().describe('Push-notiser som väntar på att skickas nu'),
      oldest_due_seconds: z.number().int().nullable().describe('Hur länge den äldsta väntande har väntat'),
    })
    .nullable(),
  memory_bounds: z
    .array(
      z.strictObject({
        name: z
          .enum(['command_streams', 'command_records', 'read_model_cache', 'heap_mb'])
          .describe(
            'command_streams och command_records: strömmarna (t.ex. kioskdagar) och posterna (bokningarna) som kommandona håller i minnet; read_model_cache: läsmodellsdokument som tillgänglighetsfrågan håller i minnet; heap_mb: JavaScript-heapen i megabyte mot dess gräns',
          ),
        used: z.number().int(),
        bound: z.number().int().describe('Gränsen: det som inte ryms släpps, det äldst använda först'),
      }),
    )
    .describe('Det processen håller i minnet, mot gränserna (issue 48): ett lager utan gräns växer med historiken'),
  stalled_seconds: z
    .number()
    .int()
    .describe('Längsta tid en projektion, reaktor eller avsändare i den här processen har stått still med arbete kvar'),
  alerts: z
    .array(
      z.enum([
        'projection_lag',
        'mail_waiting',
        'mail_failing',
        'mail_failed',
        'push_waiting',
        'stalled',
        'seller_missing',
        'backup_overdue',
        'disk_low',
        'not_ready_for_orders',
        'swish_certificate_expiring',
      ]),
    )
    .describe(
      'Gränser som är passerade (ALERT_LAG, ALERT_DUE_SECONDS) och seller_missing (säljarens namn, organisationsnummer, adress eller e-post är inte ifyllt), backup_overdue (senaste säkerhetskopian är äldre än två intervall) och disk_low (lite ledigt diskutrymme), not_ready_for_orders (en ny kiosk tar inte emot webbeställningar förrän checklistan är klar; missing_for_orders säger vad som saknas), swish_certificate_expiring (Swish-certifikatet går ut inom 30 dagar): larma när listan inte är tom',
    ),
  missing_for_orders: z
    .array(z.enum(GO_LIVE_STEPS))
    .optional()
    .describe(
      'Med not_ready_for_orders: stegen i checklistan som återstår (seller, menu, opening_hours, test_mail, retention)',
    ),
});

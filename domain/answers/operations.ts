// GET /api/health and GET /api/ready.
import { z } from 'zod';

export const healthSchema = z.strictObject({ status: z.literal('ok') });

export const readinessSchema = z.strictObject({
  ready: z.boolean(),
  event_store: z.enum(['ok', 'unreachable']),
  read_models: z.enum(['ok', 'unreachable']),
  projection_lag: z.number().int().nullable(),
  stopping: z.boolean(),
});

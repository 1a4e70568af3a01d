// The answers of /api as zod schemas: the API declares them on its routes (and so in
// /api/openapi.json), the tests check real answers against them, and the UI infers its types
// from them. Strict objects: a field an answer carries must be declared here.
import { z } from 'zod';

/** Every refusal: 4xx (and 5xx) with a Swedish text (SPEC 8). */
export const errorAnswerSchema = z.strictObject({ error: z.string() }).meta({ id: 'Error' });

export const successAnswerSchema = z.strictObject({ success: z.literal(true) });

/** yyyy-MM-dd */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** HH:mm in the kiosk's time zone */
export const clockTime = z.string().regex(/^\d{2}:\d{2}$/);
/** An instant as ISO 8601 text */
export const instant = z.string();
/** SPEC's 1/0 flags (pizza `active`, bonus code `is_active`) */
export const flagNumber = z.union([z.literal(0), z.literal(1)]);

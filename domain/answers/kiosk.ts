// The kiosk's own name, tagline and logo (rule: kiosk-identity) and the go-live checklist (rule:
// go-live), as the API answers them.
import { z } from 'zod';
import { GO_LIVE_STEPS } from '../goLive/goLive.js';
import { LOGO_TYPES } from '../settings/kiosk.js';

/** GET /kiosk: what every page's header, title and the app's manifest show. */
export const kioskAnswerSchema = z
  .strictObject({
    name: z.string(),
    tagline: z.string().meta({ description: 'Tom = ingen slogan' }),
    logo_url: z
      .string()
      .nullable()
      .meta({ description: 'Logotypens adress (ändras med bilden), null = ingen uppladdad' }),
    logo_type: z.enum(LOGO_TYPES).nullable(),
    /** rule: go-live. Whether web orders are open: false until the checklist is done on a new public install. */
    web_orders_open: z.boolean(),
  })
  .meta({ id: 'Kiosk' });
export type KioskAnswer = z.infer<typeof kioskAnswerSchema>;

/** PUT /admin/settings/logo: the image file, base64 (PNG or SVG, at most 256 kB). */
export const logoUploadSchema = z.strictObject({
  data_base64: z.string().max(400_000).meta({ description: 'Bildfilen (PNG eller SVG), base64' }),
});

/** GET /admin/go-live: the checklist before the first web order (rule: go-live). */
export const goLiveAnswerSchema = z
  .strictObject({
    /** Whether this install waits for the checklist at all (a new install at a public address). */
    applies: z.boolean(),
    web_orders_open: z.boolean(),
    steps: z.array(z.strictObject({ step: z.enum(GO_LIVE_STEPS), done: z.boolean() })),
    /** The newest test mail asked for: where it went and whether the mail log says sent. */
    test_mail: z
      .strictObject({
        to: z.string(),
        state: z.string(),
        relay: z.boolean().meta({ description: 'false: SMTP_URL är inte satt, mejlet skrevs till en fil' }),
      })
      .nullable(),
  })
  .meta({ id: 'GoLive' });
export type GoLiveAnswer = z.infer<typeof goLiveAnswerSchema>;

export const testMailAnswerSchema = z.strictObject({ success: z.literal(true), to: z.string() });

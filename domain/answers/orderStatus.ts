// GET /order-status and its live stream (rule: order-status-screen): order numbers only, no
// name, e-mail or phone, for the public screen by the counter.
import { z } from 'zod';

export const orderStatusBoardSchema = z
  .strictObject({
    /** The kiosk's today (yyyy-MM-dd). */
    today: z.string(),
    /** I ugnen: order numbers, the earliest booked time first. */
    baking: z.array(z.string()),
    /** Klar att hämta: order numbers, the earliest booked time first. */
    ready: z.array(z.string()),
    /**
     * rule: swish-payment (issue 49). Of the numbers above, those paid with Swish in advance, shown
     * "Betald med Swish"; absent when none is. Numbers only: no name, no payer.
     */
    paid: z.array(z.string()).optional(),
  })
  .meta({ id: 'OrderStatusBoard' });
export type OrderStatusBoardAnswer = z.infer<typeof orderStatusBoardSchema>;

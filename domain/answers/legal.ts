// What the customer's legal pages (/integritet, /tillganglighet) read from the kiosk's settings.
import { z } from 'zod';

/**
 * GET /legal: the figures the privacy notice and the accessibility statement must show as
 * configured, never as constants in the UI: the retention period of personal data (GDPR art.
 * 13.2 a, rule: personal-data-retention) and the kiosk's contact address (art. 13.1 a, and the
 * contact DIGG's template asks for).
 */
export const legalNoticeSchema = z
  .strictObject({
    /** Months after a customer's last booking their personal data is erased; 0 = until they ask. */
    personal_data_retention_months: z.number().int(),
    /** Where customers reach the kiosk: the settings' admin_email, the one kiosk address there is. */
    contact_email: z.string(),
    /**
     * Whether customers may be texted (SMS configured): the notice then names the SMS provider as
     * a recipient of the mobile number (art. 13.1 e).
     */
    sms_enabled: z.boolean(),
  })
  .meta({ id: 'LegalNotice' });
export type LegalNotice = z.infer<typeof legalNoticeSchema>;

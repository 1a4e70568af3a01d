// The mail log's filters (ui/features/mail): what the address may ask for, checked with the
// server's own query schema, and the one query the address and the call share.
import { describe, expect, it } from 'vitest';
import { NO_FILTERS, mailFilterQuery, mailFilters } from '../../ui/features/mail/api/mails.js';
import { mailsQueryString } from '../../ui/components/admin/mailCalls.js';

describe('the mail log filters', () => {
  it('takes the address’s known status, kind and booking number', () => {
    expect(mailFilters({ status: 'failed', kind: 'order_ready', booking_id: ' 20261127-3 ' })).toEqual({
      status: 'failed',
      kind: 'order_ready',
      booking_id: '20261127-3',
    });
  });

  it('leaves out what the server would refuse, so an old link shows the whole log', () => {
    expect(mailFilters({ status: 'borta', kind: 'spam', booking_id: 'x'.repeat(101) })).toEqual(NO_FILTERS);
    expect(mailFilters({})).toEqual(NO_FILTERS);
  });

  it('writes only the filters that are set', () => {
    expect(mailFilterQuery(NO_FILTERS)).toBe('');
    expect(mailFilterQuery({ status: '', kind: 'booking_received', booking_id: '  ' })).toBe('?kind=booking_received');
    expect(mailFilterQuery({ status: 'sent', kind: '', booking_id: '20261127-3' })).toBe(
      '?status=sent&booking_id=20261127-3',
    );
    expect(mailsQueryString({ booking_id: 'a&b', limit: 5 })).toBe('?booking_id=a%26b&limit=5');
  });
});

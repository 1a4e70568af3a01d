// /admin/customers (Kunddata): a customer's data request answered in two steps: find everything
// held under their e-mail (or phone number, for a customer known only by phone, or order number,
// for a counter or phone order with only a name, found by the name and the day), see what it is,
// and hand it over as one JSON file; or, set apart as the dangerous part it is, erase it after a
// confirmation (rule: erasure).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { Instant } from '../../../components/Instant.js';
import { check } from '../../../lib/formErrors.js';
import { formatDateShort } from '../../../lib/format.js';
import {
  customerOrdersQuerySchema,
  customerQuerySchema,
  exportCustomer,
  findOrdersByName,
  type CustomerErasure,
  type CustomerExport,
  type CustomerLookup,
  type NamedOrders,
} from '../api/customers.js';
import { customerTexts as texts } from '../texts.js';
import { EraseCustomerDialog } from './EraseCustomerDialog.js';
import '../customers.css';

/**
 * One field for all three: an address has an @, an order number is its date's eight digits, a dash
 * and a number (20261207-3), anything else is taken as a phone number (a phone order's customer).
 */
const lookupOf = (typed: string): CustomerLookup =>
  typed.includes('@')
    ? { email: typed }
    : /^\s*\d{8}-\d+\s*$/.test(typed)
      ? { booking_id: typed.trim() }
      : { phone: typed };

export function CustomersScreen() {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [found, setFound] = useState<CustomerExport | null>(null);
  // Who the result is about, as asked (the export names an e-mail or a phone number).
  const [asked, setAsked] = useState<CustomerLookup | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState<CustomerErasure | null>(null);
  const erasedMessage = useRef<HTMLParagraphElement>(null);
  const { busy, run } = useAction();
  const [byName, setByName] = useState({ name: '', date: '' });
  const [byNameErrors, setByNameErrors] = useState<{ name?: string; date?: string }>({});
  const [orders, setOrders] = useState<NamedOrders | null>(null);
  // The name and day the list of orders was found by: read again after an erasure.
  const [ordersFoundBy, setOrdersFoundBy] = useState<{ name: string; date: string } | null>(null);

  // The erase button is gone with the data: focus goes to what happened instead.
  useEffect(() => {
    if (erased) erasedMessage.current?.focus();
  }, [erased]);

  function search(event: FormEvent) {
    event.preventDefault();
    const checked = check(customerQuerySchema, lookupOf(email));
    setError(checked.ok ? undefined : (checked.errors.email ?? checked.errors.phone ?? checked.errors.booking_id));
    if (!checked.ok || busy) return;
    const lookup: CustomerLookup =
      checked.data.phone !== undefined
        ? { phone: checked.data.phone }
        : checked.data.booking_id !== undefined
          ? { booking_id: checked.data.booking_id }
          : { email: checked.data.email! };
    open(lookup);
  }

  /** A counter or phone order with only a name: the day's orders by name, each opened by its number. */
  function searchByName(event: FormEvent) {
    event.preventDefault();
    const checked = check(customerOrdersQuerySchema, byName);
    setByNameErrors(checked.ok ? {} : { name: checked.errors.name, date: checked.errors.date });
    if (!checked.ok || busy) return;
    void run(
      'orders',
      async () => {
        setOrders(await findOrdersByName(checked.data.name, checked.data.date));
        setOrdersFoundBy({ name: checked.data.name, date: checked.data.date });
      },
      { failure: texts.failed },
    );
  }

  function open(lookup: CustomerLookup) {
    setErased(null);
    void run(
      'search',
      async () => {
        const data = await exportCustomer(lookup);
        setFound(data);
        // By order number, the answer names the order's customer: its e-mail or phone when it has one.
        setAsked(data.email ? { email: data.email } : data.phone ? { phone: data.phone } : lookup);
      },
      { failure: texts.failed },
    );
  }

  /** After an erasure: the export read again (its lists are now empty), and the result kept in view. */
  async function afterErasure(erasure: CustomerErasure, erased: CustomerLookup) {
    setFound(
      await exportCustomer(erased).catch(() => {
        toast.error(texts.failed);
        return null;
      }),
    );
    // An erased order's name reads "[raderad]": the list found by name no longer holds it.
    if (ordersFoundBy) setOrders(await findOrdersByName(ordersFoundBy.name, ordersFoundBy.date).catch(() => null));
    setConfirming(false);
    setErased(erasure);
  }

  function download(data: CustomerExport) {
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: texts.fileName(data.email || data.phone || data.booking_id || ''),
    });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast.success(texts.downloaded);
  }

  const counts =
    found &&
    ([
      [texts.bookings, found.bookings.length],
      [texts.waitlist, found.waitlist.length],
      [texts.pushSubscriptions, found.push_subscriptions.length],
      [texts.vipCustomers, found.vip_customers.length],
      [texts.invitations, found.vip_invitations.length],
      [texts.mails, found.mails.length],
    ] as const);
  const empty = counts?.every(([, n]) => n === 0);
  const who = found ? found.email || found.phone || found.booking_id || '' : '';

  return (
    <>
      <div className="admin-title">
        <h1>{texts.title}</h1>
      </div>
      <p className="hint customers__intro">{texts.intro}</p>
      <form className="card customers__form" noValidate onSubmit={search} aria-labelledby="customer-search-title">
        <h2 id="customer-search-title">{texts.formTitle}</h2>
        <Field id="customer-email" label={texts.email} hint={texts.emailHint} error={error}>
          <input
            {...fieldControl('customer-email', error, texts.emailHint)}
            type="text"
            autoComplete="off"
            disabled={!hydrated}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <button type="submit" className="btn btn--primary" disabled={!hydrated || busy !== null}>
          {busy ? texts.searching : texts.search}
        </button>
      </form>
      <form className="card customers__form" noValidate onSubmit={searchByName} aria-labelledby="customer-byname-title">
        <h2 id="customer-byname-title">{texts.byNameTitle}</h2>
        <p className="hint">{texts.byNameHint}</p>
        <Field id="customer-byname" label={texts.byName} error={byNameErrors.name}>
          <input
            {...fieldControl('customer-byname', byNameErrors.name)}
            type="text"
            autoComplete="off"
            disabled={!hydrated}
            value={byName.name}
            onChange={(e) => setByName({ ...byName, name: e.target.value })}
          />
        </Field>
        <Field id="customer-byname-date" label={texts.byNameDate} error={byNameErrors.date}>
          <input
            {...fieldControl('customer-byname-date', byNameErrors.date)}
            type="date"
            disabled={!hydrated}
            value={byName.date}
            onChange={(e) => setByName({ ...byName, date: e.target.value })}
          />
        </Field>
        <button type="submit" className="btn btn--secondary" disabled={!hydrated || busy !== null}>
          {texts.byNameSearch}
        </button>
        {orders && (
          <div aria-live="polite">
            {orders.length === 0 ? (
              <p>{texts.byNameNone}</p>
            ) : (
              <>
                <p>{texts.byNameFound(orders.length)}</p>
                <ul className="customers__bookings">
                  {orders.map((order) => (
                    <li key={order.booking_id}>
                      {order.booking_id}: {formatDateShort(order.booking_date)} {order.booking_time}, {order.name} (
                      {texts.contact[order.contact]}), {order.pizza_summary}{' '}
                      <button
                        type="button"
                        className="btn btn--secondary"
                        aria-label={texts.byNameOpen(order.booking_id)}
                        disabled={!hydrated || busy !== null}
                        onClick={() => open({ booking_id: order.booking_id })}
                      >
                        {texts.byNameShow}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </form>
      {found && counts && (
        <section className="card customers__result" aria-labelledby="customer-result-title" aria-live="polite">
          <h2 id="customer-result-title">{texts.resultTitle(who)}</h2>
          {empty ? (
            <p>{found.phone ? texts.nothingPhone : found.booking_id ? texts.nothingNumber : texts.nothing}</p>
          ) : (
            <>
              <dl className="customers__counts">
                {counts.map(([label, n]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{n}</dd>
                  </div>
                ))}
              </dl>
              {found.bookings.length > 0 && (
                <ul className="customers__bookings">
                  {found.bookings.map(({ booking }) => (
                    <li key={booking.id}>
                      {booking.id}: {formatDateShort(booking.booking_date)} {booking.booking_time}, {booking.name},{' '}
                      {booking.pizza_summary}
                    </li>
                  ))}
                </ul>
              )}
              <button type="button" className="btn btn--secondary" onClick={() => download(found)}>
                {texts.download}
              </button>
            </>
          )}
        </section>
      )}
      {(erased || (found && !empty)) && (
        <section className="card customers__erase" aria-labelledby="customer-erase-title">
          <h2 id="customer-erase-title">{texts.eraseTitle}</h2>
          {erased ? (
            <p className="customers__erased" role="status" tabIndex={-1} ref={erasedMessage}>
              <strong>{texts.erased(erased.erased_bookings)}.</strong>{' '}
              <span className="customers__erased-at">
                {texts.erasedAt} <Instant iso={erased.erased_at} />.
              </span>
            </p>
          ) : (
            found && (
              <>
                <p>{texts.eraseIntro(who)}</p>
                <button
                  type="button"
                  className="btn btn--danger"
                  disabled={!hydrated || busy !== null}
                  onClick={() => setConfirming(true)}
                >
                  {texts.eraseOpen}
                </button>
              </>
            )
          )}
        </section>
      )}
      {found && asked && confirming && (
        <EraseCustomerDialog
          customer={asked}
          bookings={found.bookings.length}
          onClose={() => setConfirming(false)}
          onErased={(erasure) => afterErasure(erasure, asked)}
        />
      )}
    </>
  );
}

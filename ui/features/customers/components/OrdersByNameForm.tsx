// A counter or phone order with only a name: the day's orders by name, each opened by its number.
import { useState, type FormEvent } from 'react';
import { Field, fieldControl } from '../../../components/Field.js';
import { check } from '../../../lib/formErrors.js';
import { formatDateShort } from '../../../lib/format.js';
import { customerOrdersQuerySchema, type CustomerLookup, type NamedOrders } from '../api/customers.js';
import { customerTexts as texts } from '../texts.js';

export function OrdersByNameForm({
  enabled,
  busy,
  orders,
  onFind,
  onOpen,
}: {
  enabled: boolean;
  busy: string | null;
  orders: NamedOrders | null;
  onFind: (name: string, date: string) => void;
  onOpen: (lookup: CustomerLookup) => void;
}) {
  const [byName, setByName] = useState({ name: '', date: '' });
  const [errors, setErrors] = useState<{ name?: string; date?: string }>({});

  function search(event: FormEvent) {
    event.preventDefault();
    const checked = check(customerOrdersQuerySchema, byName);
    setErrors(checked.ok ? {} : { name: checked.errors.name, date: checked.errors.date });
    if (!checked.ok || busy) return;
    onFind(checked.data.name, checked.data.date);
  }

  return (
    <form className="card customers__form" noValidate onSubmit={search} aria-labelledby="customer-byname-title">
      <h2 id="customer-byname-title">{texts.byNameTitle}</h2>
      <p className="hint">{texts.byNameHint}</p>
      <Field id="customer-byname" label={texts.byName} error={errors.name}>
        <input
          {...fieldControl('customer-byname', errors.name)}
          type="text"
          autoComplete="off"
          disabled={!enabled}
          value={byName.name}
          onChange={(e) => setByName({ ...byName, name: e.target.value })}
        />
      </Field>
      <Field id="customer-byname-date" label={texts.byNameDate} error={errors.date}>
        <input
          {...fieldControl('customer-byname-date', errors.date)}
          type="date"
          disabled={!enabled}
          value={byName.date}
          onChange={(e) => setByName({ ...byName, date: e.target.value })}
        />
      </Field>
      <button type="submit" className="btn btn--secondary" disabled={!enabled || busy !== null}>
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
                      disabled={!enabled || busy !== null}
                      onClick={() => onOpen({ booking_id: order.booking_id })}
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
  );
}

// The customer the screen shows: their export (found by e-mail, phone or order number), the day's
// orders found by name, and the erasure: confirming it, then the export and the orders read again.
import { useState } from 'react';
import { toast } from '../../../lib/toast.js';
import { useAction } from '../../../components/useAction.js';
import {
  exportCustomer,
  findOrdersByName,
  type CustomerErasure,
  type CustomerExport,
  type CustomerLookup,
  type NamedOrders,
} from '../api/customers.js';
import { customerTexts as texts } from '../texts.js';

export function useCustomerData() {
  const [found, setFound] = useState<CustomerExport | null>(null);
  // Who the result is about, as asked (the export names an e-mail or a phone number).
  const [asked, setAsked] = useState<CustomerLookup | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState<CustomerErasure | null>(null);
  const { busy, run } = useAction();
  const [orders, setOrders] = useState<NamedOrders | null>(null);
  // The name and day the list of orders was found by: read again after an erasure.
  const [ordersFoundBy, setOrdersFoundBy] = useState<{ name: string; date: string } | null>(null);

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

  /** A counter or phone order with only a name: the day's orders by name, each opened by its number. */
  function findByName(name: string, date: string) {
    void run(
      'orders',
      async () => {
        setOrders(await findOrdersByName(name, date));
        setOrdersFoundBy({ name, date });
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

  return { busy, found, asked, erased, confirming, setConfirming, orders, open, findByName, afterErasure };
}

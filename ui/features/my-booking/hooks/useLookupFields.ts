// The lookup form's e-mail and booking number. The address's ?id=&email= fill the form once the
// page is hydrated (the server's HTML has it empty), until the customer types, and with both the
// booking is looked up as the page opens.
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const addressQuery = () => window.location.search;
const noQueryOnServer = () => '';

export interface LookupFields {
  email: string;
  bookingId: string;
  setEmail: (email: string) => void;
  setBookingId: (id: string) => void;
}

export function useLookupFields(): LookupFields {
  const linked = new URLSearchParams(useSyncExternalStore(noSubscription, addressQuery, noQueryOnServer));
  const [typedEmail, setEmail] = useState<string | null>(null);
  const [typedId, setBookingId] = useState<string | null>(null);
  return {
    email: typedEmail ?? linked.get('email') ?? '',
    bookingId: typedId ?? linked.get('id') ?? '',
    setEmail,
    setBookingId,
  };
}

/** With both in the address, the booking is looked up after 100 ms, once, as the page opens. */
export function useLinkedLookup(lookup: (id: string, mail: string) => void): void {
  const lookUpLinked = useEffectEvent(lookup);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = params.get('id') ?? '';
    const mail = params.get('email') ?? '';
    if (!id || !mail) return;
    const timer = setTimeout(() => lookUpLinked(id, mail), 100);
    return () => clearTimeout(timer);
  }, []);
}

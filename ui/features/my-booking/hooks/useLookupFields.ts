// The lookup form's e-mail and booking number. The address's ?id=&email= fill the form once the
// page is hydrated (the server's HTML has it empty), until the customer types.
import { useState, useSyncExternalStore } from 'react';

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

// The booking page's state, one atom per concern: the choice (date, count, time), the cart, the
// customer form, the bonus code and VIP access. resetOrderAtom is 'close and make a new order'.
import { atom } from 'jotai';
import type { CartLine } from '../lib/cart.js';
import type { VipGreeting as VipCustomerView } from '../../domain/answers/index.js';

export const dateAtom = atom('');
export const pizzaCountAtom = atom(1);
export const timeAtom = atom('');
export const cartAtom = atom<CartLine[]>([]);

export interface CustomerForm {
  name: string;
  email: string;
  phone: string;
  dine_in: boolean;
  /** Ticked "SMS när pizzan är klar" (rule: sms-notices; offered only when SMS is configured). */
  sms_when_ready: boolean;
  comment: string;
}
export const emptyCustomer: CustomerForm = {
  name: '',
  email: '',
  phone: '',
  dine_in: false,
  comment: '',
  sms_when_ready: false,
};
export const customerAtom = atom<CustomerForm>(emptyCustomer);

export interface AppliedBonus {
  code: string;
  discount_percentage: number;
  description: string | null;
}
export const bonusAtom = atom<AppliedBonus | null>(null);

/** Chose "Betala nu med Swish" where the kiosk offers it (rule: swish-prepay); paid at pick-up otherwise. */
export const payNowAtom = atom(false);

export interface VipState {
  token: string;
  status: 'checking' | 'valid';
  customer: VipCustomerView | null;
}
export const vipAtom = atom<VipState | null>(null);

/** Field → message of the last refused submit (SPEC 5 messages shown at their field). */
export const fieldErrorsAtom = atom<Record<string, string>>({});

export const resetOrderAtom = atom(null, (_get, set) => {
  set(cartAtom, []);
  set(pizzaCountAtom, 1);
  set(timeAtom, '');
  set(customerAtom, emptyCustomer);
  set(bonusAtom, null);
  set(payNowAtom, false);
  set(fieldErrorsAtom, {});
});

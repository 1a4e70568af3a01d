// Where an order came from (rule: staff-orders), as the bookings screen and the statistics name it.
import type { OrderSource } from '../../domain/kioskDay/orderSource.js';

export const orderSourceText: Record<OrderSource, string> = {
  online: 'Online',
  counter: 'Disken',
  phone: 'Telefon',
};

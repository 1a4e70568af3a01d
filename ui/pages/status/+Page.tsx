// /status: the order status screen by the counter (rule: order-status-screen), no sign-in.
import { useData } from 'vike-react/useData';
import { OrderStatusScreen } from '../../features/order-status/components/OrderStatusScreen.js';
import type { Data } from './+data.js';

export default function Page() {
  return <OrderStatusScreen initial={useData<Data>()} />;
}

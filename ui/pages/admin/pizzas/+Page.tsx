// /admin/pizzas: the pizzas feature with the list the server read (+data).
import { useData } from 'vike-react/useData';
import { PizzasScreen } from '../../../features/pizzas/components/PizzasScreen.js';
import type { PizzasData } from './+data.js';

export default function Page() {
  return <PizzasScreen pizzas={useData<PizzasData>().pizzas} />;
}

// /admin/customers: the Kunddata feature.
import { CustomersScreen } from '../../../features/customers/components/CustomersScreen.js';

export default function Page() {
  return <CustomersScreen />;
}

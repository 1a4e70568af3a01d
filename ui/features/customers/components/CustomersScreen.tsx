// /admin/customers (Kunddata): a customer's data request answered in two steps: find everything
// held under their e-mail (or phone number, for a customer known only by phone, or order number,
// for a counter or phone order with only a name, found by the name and the day), see what it is,
// and hand it over as one JSON file; or, set apart as the dangerous part it is, erase it after a
// confirmation (rule: erasure).
import { useHydrated } from '../../../components/useHydrated.js';
import { useCustomerData } from '../hooks/useCustomerData.js';
import { isEmpty, whoOf } from '../lib/customerLookup.js';
import { customerTexts as texts } from '../texts.js';
import { CustomerResult } from './CustomerResult.js';
import { CustomerSearchForm } from './CustomerSearchForm.js';
import { EraseCustomerDialog } from './EraseCustomerDialog.js';
import { EraseSection } from './EraseSection.js';
import { OrdersByNameForm } from './OrdersByNameForm.js';
import '../customers.css';

export function CustomersScreen() {
  const hydrated = useHydrated();
  const { busy, found, asked, erased, confirming, setConfirming, ...customer } = useCustomerData();
  const empty = found ? isEmpty(found) : undefined;

  return (
    <>
      <div className="admin-title">
        <h1>{texts.title}</h1>
      </div>
      <p className="hint customers__intro">{texts.intro}</p>
      <CustomerSearchForm enabled={hydrated} busy={busy} onSearch={customer.open} />
      <OrdersByNameForm
        enabled={hydrated}
        busy={busy}
        orders={customer.orders}
        onFind={customer.findByName}
        onOpen={customer.open}
      />
      {found && <CustomerResult found={found} />}
      {(erased || (found && !empty)) && (
        <EraseSection
          erased={erased}
          who={found ? whoOf(found) : null}
          disabled={!hydrated || busy !== null}
          onErase={() => setConfirming(true)}
        />
      )}
      {found && asked && confirming && (
        <EraseCustomerDialog
          customer={asked}
          bookings={found.bookings.length}
          onClose={() => setConfirming(false)}
          onErased={(erasure) => customer.afterErasure(erasure, asked)}
        />
      )}
    </>
  );
}

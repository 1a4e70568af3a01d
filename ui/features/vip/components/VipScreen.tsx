// /admin/vip (SPEC 2, 5): three tabs as a keyboard tablist. VIP customers (add, edit, delete, a
// personal link), VIP dates (add, delete) and invitations (choose customers, subject, a message
// with {name}, validity, an optional VIP date) with the invitations sent so far.
// ?tab=invitations&date=yyyy-MM-dd opens the invitation form for a date (the calendar links here).
// The lists come in the page's first HTML (+data).
import { useRef, useState, type KeyboardEvent } from 'react';
import '../vip.css';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useReloadable } from '../../../components/useReloadable.js';
import { VIP_TABS, listCustomers, listDates, listInvitations, type VipLists, type VipTab } from '../api/vip.js';
import { vipTexts } from '../texts.js';
import { CustomersTab } from './CustomersTab.js';
import { DatesTab } from './DatesTab.js';
import { InvitationsTab } from './InvitationsTab.js';

export function VipScreen({
  lists,
  tab: initialTab,
  presetDate,
}: {
  lists: VipLists;
  tab: VipTab;
  presetDate: string;
}) {
  const hydrated = useHydrated();
  const [tab, setTab] = useState<VipTab>(initialTab);
  const customers = useReloadable(lists.customers, listCustomers, vipTexts.customersFailed);
  const dates = useReloadable(lists.dates, listDates, vipTexts.datesFailed);
  const sent = useReloadable(lists.invitations, listInvitations, vipTexts.sendFailed);
  const tabRefs = useRef<Partial<Record<VipTab, HTMLButtonElement | null>>>({});

  function choose(next: VipTab, focus = false) {
    setTab(next);
    const query = new URLSearchParams(window.location.search);
    query.set('tab', next);
    window.history.replaceState(window.history.state, '', `/admin/vip?${query}`);
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = VIP_TABS.indexOf(tab);
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: VIP_TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(VIP_TABS[(to + VIP_TABS.length) % VIP_TABS.length], true);
  }

  const count = (id: VipTab) =>
    id === 'customers' ? customers.data?.length : id === 'dates' ? dates.data?.length : undefined;
  const failed = customers.data === null ? vipTexts.customersFailed : dates.data === null ? vipTexts.datesFailed : null;
  return (
    <>
      <div className="admin-title">
        <h1>{vipTexts.title}</h1>
      </div>
      <div className="tabs" role="tablist" aria-label={vipTexts.tabsLabel}>
        {VIP_TABS.map((id) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="tabs__tab"
            disabled={!hydrated && tab !== id}
            onClick={() => choose(id)}
            onKeyDown={onTabKey}
          >
            {vipTexts.tabs[id]}
            {id !== 'invitations' && vipTexts.count(count(id) ?? 0)}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} tabIndex={0}>
        {failed || !customers.data || !dates.data ? (
          <LoadFailed
            text={failed ?? vipTexts.customersFailed}
            disabled={!hydrated}
            onRetry={() => void Promise.all([customers.reload(), dates.reload()])}
          />
        ) : (
          <>
            {tab === 'customers' && (
              <CustomersTab
                customers={customers.data}
                dates={dates.data}
                enabled={hydrated}
                reload={customers.reload}
              />
            )}
            {tab === 'dates' && <DatesTab dates={dates.data} enabled={hydrated} reload={dates.reload} />}
            {tab === 'invitations' && (
              <InvitationsTab
                customers={customers.data}
                dates={dates.data}
                sent={sent.data ?? []}
                presetDate={presetDate}
                enabled={hydrated}
                reloadSent={sent.reload}
              />
            )}
          </>
        )}
      </div>
    </>
  );
}

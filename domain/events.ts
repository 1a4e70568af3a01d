// Every stream's event union, in one place: what a projection or reactor that reads several
// streams names its events by (projections/projection.ts). Each union lives beside its decider,
// with its decoding point (`…Events = eventsOf<…>`, domain/shared/events.ts). Event types are
// unique across streams: the runners pick events by type alone.
import type { AccountingSettingsEvent } from './accounting/accounting.js';
import type { AccountingPeriodEvent } from './accounting/periods.js';
import type { AdminEvent } from './admins/admins.js';
import type { RestoreEvent } from './backup/restores.js';
import type { BonusCodeEvent } from './bonusCodes/bonusCodes.js';
import type { ClosureEvent } from './closures/closures.js';
import type { CustomerEvent } from './customers/erasure.js';
import type { GoLiveEvent } from './goLive/goLive.js';
import type { KioskDayEvent } from './kioskDay/kioskDay.js';
import type { DailyStockEvent } from './menu/dailyStock.js';
import type { MenuEvent } from './menu/menu.js';
import type { StockPoolEvent } from './menu/stockPools.js';
import type { PushEvent } from './push/push.js';
import type { LogoEvent } from './settings/logo.js';
import type { SettingsEvent } from './settings/settings.js';
import type { SwishSettingsEvent } from './settings/swishPrepay.js';
import type { VipCustomerEvent } from './vip/vipCustomers.js';
import type { VipLinkEvent } from './vip/vipLinks.js';

export type AnyEvent =
  | KioskDayEvent
  | BonusCodeEvent
  | VipCustomerEvent
  | VipLinkEvent
  | MenuEvent
  | SettingsEvent
  | SwishSettingsEvent
  | GoLiveEvent
  | LogoEvent
  | AdminEvent
  | PushEvent
  | DailyStockEvent
  | StockPoolEvent
  | ClosureEvent
  | AccountingSettingsEvent
  | AccountingPeriodEvent
  | CustomerEvent
  | RestoreEvent;

export type AnyEventType = AnyEvent['type'];

/** The event (of whichever stream) of type T. */
export type EventOf<T extends AnyEventType> = Extract<AnyEvent, { type: T }>;

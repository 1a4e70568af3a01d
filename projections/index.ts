// Every read-model projection, in the order the runner applies them.
import {
  accountingPeriodsProjection,
  adminSessionsProjection,
  bonusCodesProjection,
  closuresProjection,
  menuProjection,
  pushProjection,
  settingsProjection,
  vipProjection,
} from './catalog.js';
import { bookingsProjection, daysProjection, movesProjection, statsProjection } from './kioskDays.js';
import type { Projection } from './projection.js';
import { waitlistProjection } from './waitlist.js';
import { swishSettingsProjection } from './swishSettings.js';

export const allProjections: Projection[] = [
  settingsProjection,
  menuProjection,
  daysProjection,
  bookingsProjection,
  statsProjection,
  movesProjection,
  bonusCodesProjection,
  vipProjection,
  pushProjection,
  adminSessionsProjection,
  closuresProjection,
  waitlistProjection,
  accountingPeriodsProjection,
  swishSettingsProjection,
];

/**
 * The checkpoint the projecting process stores with every commit: all of allProjections have
 * applied the events up to it (projections/runner.ts). Other processes follow it.
 */
export const PROJECTIONS_HEAD = 'projections_head';

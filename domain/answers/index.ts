// Every /api answer's schema (see ./common.ts).
export * from './common.js';
export * from './menu.js';
export * from './booking.js';
export * from './admin.js';
export * from './operations.js';
export * from './accounting.js';
export * from './customers.js';
export * from './waitlist.js';
export * from './mails.js';
export * from './legal.js';
export * from './orderStatus.js';
export * from './counter.js';
export * from './vipUnsubscribe.js';
export * from './swish.js';

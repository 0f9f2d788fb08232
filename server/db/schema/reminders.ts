import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { sessions, users } from './accounts.ts'
import { createdAt } from './columns.ts'

/* Reminders that reach the shopper outside the app (flows §6): Web Push subscriptions and the log
 * that makes each reminder go once per kind, target and day. */

/**
 * One browser's push subscription (the PushSubscription JSON the page posts). The endpoint is unique:
 * the same browser subscribing again for another account moves to that account. `sessionId` is the
 * signed-in device that made it, so its logout unsubscribes it. `retryAfter` is set by a 429/5xx from
 * the push service (kept for a retry); a 404/410 deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    endpoint: text('endpoint').notNull(),
    /** The subscription's keys, base64url as the browser gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** Not before this instant: the push service asked us to wait (429/5xx with Retry-After). */
    retryAfter: timestamp('retry_after', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)

/**
 * One reminder: a kind (src/domain/reminders.ts), a target (order, package, extra fee or product id),
 * a shop day and its shopper. The unique index is what makes each reminder go once per kind, target,
 * day and shopper (an order has one shopper; a product alert many): the row is written first, then
 * delivered. `mailStatus` and `pushStatus` are 'pending' until delivered
 * ('sent'), given up on ('failed') or not applicable ('none': no address, no subscription); a pending
 * push is retried by the next sweep of the same day.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    targetId: integer('target_id').notNull(),
    shopDate: date('shop_date').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The language it was written in (the shopper's at the time). */
    language: varchar('language', { length: 8 }).notNull(),
    mailStatus: varchar('mail_status', { length: 8 }).notNull().default('pending'),
    pushStatus: varchar('push_status', { length: 8 }).notNull().default('pending'),
    /** Push attempts made (a subscription answering 429/5xx is retried on a later sweep of the day). */
    pushAttempts: smallint('push_attempts').notNull().default(0),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reminders_once_per_day').on(t.kind, t.targetId, t.shopDate, t.userId),
    index('reminders_user_idx').on(t.userId, t.shopDate),
    index('reminders_pending_idx')
      .on(t.shopDate)
      .where(sql`${t.mailStatus} = 'pending' or ${t.pushStatus} = 'pending'`),
    check('reminders_mail_status_check', sql`${t.mailStatus} in ('pending', 'sent', 'failed', 'none')`),
    check('reminders_push_status_check', sql`${t.pushStatus} in ('pending', 'sent', 'failed', 'none')`),
  ],
)

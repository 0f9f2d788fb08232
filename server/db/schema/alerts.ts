import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { products } from './catalog.ts'
import { createdAt } from './columns.ts'

/* What a shopper asked to hear about outside the app: product alerts and the calendar feed. */

/**
 * "Notify me": a shopper wants to know when a product (or a re-release with the same JAN) can be
 * ordered again. `lastSentAt` is when an alert last went out for it (once per shop day at most: the
 * reminders table's unique index holds that).
 */
export const productAlerts = pgTable(
  'product_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('product_alerts_user_product_idx').on(t.userId, t.productId),
    index('product_alerts_product_idx').on(t.productId),
    index('product_alerts_user_created_idx').on(t.userId, t.createdAt),
  ],
)

/**
 * The catalog's outbox for alerts: a trigger on `products` (migration 0020) writes a row in the same
 * transaction whenever a product may have become orderable (put on sale, stock from 0 to more, a new
 * product with a watched JAN). It is read after commit; `doneAt` marks it handled.
 */
export const alertOutbox = pgTable(
  'alert_outbox',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('alert_outbox_pending_idx').on(t.id).where(sql`${t.doneAt} is null`)],
)

/** A shopper's secret calendar feed address (.ics): one token each, replaced when they rotate it. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_idx').on(t.token)],
)

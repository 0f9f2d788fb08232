import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt, updatedAt } from './columns.ts'
import { orders } from './orders.ts'
import { packages } from './packaging.ts'

/* Extra fees (spec §3 'Extra-fee record', flows §4): late fees, storage fees, free-form fees. */

/**
 * One extra fee of a shopper. `status` and `type` are src/domain/extra-fee.ts codes; status changes only
 * through EXTRA_FEE_FLOW in a guarded UPDATE. A fee charged on one order (late fee, storage fee) names it
 * in `orderId`; the deadline sweep keeps at most one late fee per order (the partial unique index), its
 * amount updated to the domain's figure while unpaid.
 */
export const extraFees = pgTable(
  'extra_fees',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: smallint('type').notNull(),
    status: smallint('status').notNull(),
    /** Integer yen. */
    amount: integer('amount').notNull(),
    /** The order a per-order fee is charged on (late fee, storage fee); null for other fees. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The related orders shown to the shopper (spec: related order numbers). */
    orderIds: jsonb('order_ids').$type<number[]>().notNull().default([]),
    /** The package a package storage fee is charged on. */
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'restrict' }),
    /** Storage fees: the overdue days this record charges (its amount is days × the daily storage rate). */
    days: integer('days'),
    remark: text('remark'),
    /** The last shop date the fee can be paid before what it is charged on is forfeited. */
    dueDate: date('due_date'),
    /** The payment that paid it (a balance payment carries its order's late fee). */
    paymentId: varchar('payment_id', { length: 40 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('extra_fees_user_status_idx').on(t.userId, t.status),
    // the sweep sums each order's and package's settled storage fees every run
    index('extra_fees_order_idx').on(t.orderId),
    index('extra_fees_package_idx').on(t.packageId),
    uniqueIndex('extra_fees_one_late_fee_per_order').on(t.orderId).where(sql`${t.type} = 3`),
    // the sweep keeps one unpaid storage fee per order (type 1) and per package (type 4), growing daily
    uniqueIndex('extra_fees_one_open_storage_fee_per_order')
      .on(t.orderId)
      .where(sql`${t.type} = 1 and ${t.status} = 1`),
    uniqueIndex('extra_fees_one_open_storage_fee_per_package')
      .on(t.packageId)
      .where(sql`${t.type} = 4 and ${t.status} = 1`),
    check('extra_fees_amount_check', sql`${t.amount} >= 0`),
    check('extra_fees_status_check', sql`${t.status} in (1, 2, 3, 4)`),
  ],
)

import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'
import type { BankTransferDto } from '../../../src/domain/payments.ts'
import { users } from './accounts.ts'
import { products } from './catalog.ts'
import { createdAt, updatedAt } from './columns.ts'

/* Orders and money: orders and their lines, payments, webhook events, the points ledger, the audit log, the pay latch. */

/**
 * One order (flows §1). Amounts are frozen at creation from src/domain/pricing.ts and are the sums of
 * the order's lines; deposit + balance = total always. A split parent (status 0) keeps its amounts and
 * lives on in its children (`parentId`). `status` changes only through ORDER_FLOW, in a guarded UPDATE.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    parentId: integer('parent_id').references((): AnyPgColumn => orders.id, { onDelete: 'restrict' }),
    /** Order status, table B (src/domain/order-status.ts). */
    status: smallint('status').notNull(),
    /** Goods after the member discount. */
    goods: integer('goods').notNull(),
    /** What the member discount saved, for display. */
    discount: integer('discount').notNull().default(0),
    platformFee: integer('platform_fee').notNull(),
    settlementFee: integer('settlement_fee').notNull(),
    deposit: integer('deposit').notNull(),
    balance: integer('balance').notNull(),
    total: integer('total').notNull(),
    /** Points asked for at checkout (`createOrder?score=`), held from the shopper's balance for the first payment. */
    pointsHeld: integer('points_held').notNull().default(0),
    /** Yen and points received on the order's confirmed payments. */
    paidAmount: integer('paid_amount').notNull().default(0),
    refundAmount: integer('refund_amount').notNull().default(0),
    remark: text('remark'),
    /** The delivery address chosen at the first payment, copied (a later edit of the book never changes it). */
    address: jsonb('address').$type<Record<string, unknown>>(),
    /** End of the payment window of an order in 2 waitPay (created + 30 minutes). */
    payDueAt: timestamp('pay_due_at', { withTimezone: true }).notNull(),
    /** Shop date the goods reached the warehouse (arrival issue). */
    arrivedAt: date('arrived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_parent_idx').on(t.parentId),
    index('orders_status_due_idx').on(t.status, t.payDueAt),
    check(
      'orders_money_check',
      sql`${t.deposit} >= 0 and ${t.balance} >= 0 and ${t.deposit} + ${t.balance} = ${t.total}`,
    ),
    check('orders_paid_check', sql`${t.paidAmount} >= 0 and ${t.refundAmount} >= 0 and ${t.pointsHeld} >= 0`),
  ],
)

/** One product of an order, priced and frozen at creation (src/domain/pricing.ts quoteLine). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    jpProductName: text('jp_product_name'),
    enProductName: text('en_product_name'),
    /** JAN code (or item number when there is none), frozen. */
    barcode: text('barcode').notNull(),
    productType: smallint('product_type').notNull(),
    /** The shopper's base unit price and the discounted one actually charged. */
    basePrice: integer('base_price').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    goods: integer('goods').notNull(),
    platformFee: integer('platform_fee').notNull(),
    settlementFee: integer('settlement_fee').notNull(),
    deposit: integer('deposit').notNull(),
    balance: integer('balance').notNull(),
    total: integer('total').notNull(),
    /** Units taken from stock at creation (stocked types), given back if the order is cancelled unpaid. */
    stockReserved: integer('stock_reserved').notNull().default(0),
    /** The parent's line this line was copied from when its order was split (the parent keeps its lines). */
    splitFromLineId: integer('split_from_line_id').references((): AnyPgColumn => orderLines.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity_check', sql`${t.quantity} >= 1`),
    check('order_lines_money_check', sql`${t.deposit} + ${t.balance} = ${t.total}`),
  ],
)

/**
 * Every attempt to pay (flows §2). `status` follows PAYMENT_FLOW: 1 → 2 once, by `settle()` under a row
 * lock, and its effect (order 2 → 3, points earned) commits in the same transaction. `id` is random and
 * unguessable: it names the attempt in return URLs and on the sandbox page.
 */
export const payments = pgTable(
  'payments',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** deposit | balance | shipping | extra */
    purpose: text('purpose').$type<'deposit' | 'balance' | 'shipping' | 'extra'>().notNull(),
    /** The order, package or extra-fee ids this payment settles. */
    target: jsonb('target').$type<number[]>().notNull(),
    /** card | sbps | paypal: the spec's route the shopper chose. */
    route: text('route').$type<'card' | 'sbps' | 'paypal'>().notNull(),
    /** The route's `{type}` (1 card, 2 bank / konbini, 3 PayPay); 0 for PayPal. */
    method: smallint('method').notNull(),
    /** sandbox | stripe | sbps | paypal | points (nothing left to pay after points). */
    gateway: text('gateway').notNull(),
    /** Yen charged at the gateway (JPY has no minor unit). */
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('JPY'),
    pointsUsed: integer('points_used').notNull().default(0),
    /** The part of `amount` + `pointsUsed` that pays the order's late fee (a balance payment), frozen when the attempt began. */
    lateFee: integer('late_fee').notNull().default(0),
    /** A shipping-fee payment: the method chosen and the billed weight quoted, frozen when the attempt began. */
    shippingMethodId: integer('shipping_method_id'),
    billedWeightG: integer('billed_weight_g'),
    status: smallint('status').notNull(),
    providerRef: text('provider_ref'),
    failure: text('failure'),
    /** Where the shopper is to send the bank transfer this payment waits for, as the provider gave it. */
    transfer: jsonb('transfer').$type<BankTransferDto>(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_target_idx').using('gin', t.target),
    check(
      'payments_amount_check',
      sql`${t.amount} >= 0 and ${t.pointsUsed} >= 0 and ${t.lateFee} >= 0 and ${t.lateFee} <= ${t.amount} + ${t.pointsUsed}`,
    ),
    check('payments_status_check', sql`${t.status} in (1, 2, 3, 4)`),
  ],
)

/**
 * Verified webhook events, one row per (gateway, event id), written in the transaction of their effect:
 * a replay, a retry or two deliveries at once find the row and change nothing.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: varchar('payment_id', { length: 40 }),
    kind: text('kind').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
)

/** Every change of a shopper's points, with the balance after it (flows §2): users.score is re-derivable. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    /** hold | return | earn | adjust (an operator's correction) */
    reason: text('reason').notNull(),
    /** An operator's adjustment: why, as they wrote it. */
    note: text('note'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paymentId: varchar('payment_id', { length: 40 }),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('points_ledger_user_idx').on(t.userId, t.createdAt),
    check('points_ledger_balance_check', sql`${t.balanceAfter} >= 0`),
  ],
)

/** Who changed what in the operator console, with the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    /** Why, when the operator gave a reason (disabling a customer, adjusting points, a refund). */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  // Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0014).
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
)

/** The pay latch (flows §2): one row; an operator closes payments for maintenance. */
export const payLatch = pgTable(
  'pay_latch',
  {
    id: smallint('id').primaryKey().default(1),
    open: boolean('open').notNull().default(true),
    message: text('message'),
    updatedAt: updatedAt(),
  },
  (t) => [check('pay_latch_single_row', sql`${t.id} = 1`)],
)

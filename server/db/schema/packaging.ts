import { sql } from 'drizzle-orm'
import {
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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import type { MediaVariant } from '../../../src/domain/media.ts'
import { users } from './accounts.ts'
import { createdAt, updatedAt } from './columns.ts'
import { orderLines, orders } from './orders.ts'

/* Packaging and shipping (flows §5): shipping methods and their tariff, packaging requests, packages. */

/**
 * A way to send a box (EMS, ePacket Light, DHL…). Limits and billing rules are src/domain/shipping.ts's
 * `ShippingMethod`; operators edit them (`PUT /api/ops/shipping-methods`). An inactive method is never
 * offered.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: serial('id').primaryKey(),
    /** Stable code (`ems`, `epacket_light`, `dhl`…). */
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameJa: text('name_ja').notNull(),
    nameEn: text('name_en').notNull(),
    /** `japanpost` | `dhl`: which tracking-number rule and carrier link apply. */
    carrier: text('carrier').$type<'japanpost' | 'dhl'>().notNull(),
    minWeightG: integer('min_weight_g').notNull().default(0),
    maxWeightG: integer('max_weight_g').notNull(),
    /** `ems` (longest ≤ 1.5 m, length + girth ≤ 3 m) | `small` (L+W+H ≤ 90 cm, longest ≤ 60 cm) | `none`. */
    sizeRule: text('size_rule').$type<'ems' | 'small' | 'none'>().notNull(),
    /** `actual` (Japan Post) | `volumetric`: max(actual, L×W×H cm / 5000 kg) (couriers). */
    billingRule: text('billing_rule').$type<'actual' | 'volumetric'>().notNull(),
    /** Billed weight is rounded up to a multiple of this (volumetric methods); actual-weight methods bill the band. */
    stepG: integer('step_g').notNull().default(0),
    tracked: boolean('tracked').notNull().default(true),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Where the rates come from (published tariff, demo figures), shown to operators. */
    note: text('note'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipping_methods_code_idx').on(t.code),
    check(
      'shipping_methods_weight_check',
      sql`${t.minWeightG} >= 0 and ${t.maxWeightG} > ${t.minWeightG} and ${t.stepG} >= 0`,
    ),
  ],
)

/**
 * Where a method goes: its zone for each destination (the stored country value of an address) and
 * whether it is available there now (US Japan Post goods suspended, Israel without surface mail).
 */
export const shippingDestinations = pgTable(
  'shipping_destinations',
  {
    methodId: integer('method_id')
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    /** The address's stored country value (src/domain/countries.ts: the Chinese name). */
    country: text('country').notNull(),
    zone: smallint('zone').notNull(),
    available: boolean('available').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.methodId, t.country] })],
)

/** Rate bands in yen: a billed weight up to `upToG` (inclusive) in `zone` costs `fee`. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    methodId: integer('method_id')
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    zone: smallint('zone').notNull(),
    upToG: integer('up_to_g').notNull(),
    fee: integer('fee').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.methodId, t.zone, t.upToG] }),
    check('shipping_rates_check', sql`${t.upToG} > 0 and ${t.fee} >= 0`),
  ],
)

/**
 * A shopper's request to pack several operable orders together (flows §5). `status` uses the outbound
 * codes (src/domain/package-status.ts): 1 requested (waiting to be picked), 2 picked, 3 packed; it moves
 * only through PACKAGE_FLOW in a guarded UPDATE. It cannot be cancelled.
 */
export const packageApplies = pgTable(
  'package_applies',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: smallint('status').notNull(),
    /** The delivery address chosen for the request, copied (a later edit of the book never changes it). */
    address: jsonb('address').$type<Record<string, unknown>>().notNull(),
    /** The shopper's preferred method; the fee is chosen and paid per package after packing. */
    shippingMethodId: integer('shipping_method_id').references(() => shippingMethods.id, {
      onDelete: 'set null',
    }),
    remark: text('remark'),
    /**
     * The preferred method's fee estimated when the request was made (the estimate of GET
     * /mall/package_apply/methods: catalog weights plus the packing allowance), kept to set beside the
     * fees of the packed boxes; null without a preferred method or when it had no estimate.
     */
    estimatedFee: integer('estimated_fee'),
    estimatedBilledWeightG: integer('estimated_billed_weight_g'),
    estimatedAllowanceG: integer('estimated_allowance_g'),
    pickedAt: timestamp('picked_at', { withTimezone: true }),
    packedAt: timestamp('packed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('package_applies_user_idx').on(t.userId, t.createdAt),
    index('package_applies_status_idx').on(t.status),
  ],
)

/** The orders of an application: an order is requested for packaging once (it cannot be cancelled). */
export const packageApplyOrders = pgTable(
  'package_apply_orders',
  {
    applyId: integer('apply_id')
      .notNull()
      .references(() => packageApplies.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.applyId, t.orderId] }),
    uniqueIndex('package_apply_orders_order_idx').on(t.orderId),
  ],
)

/**
 * One packed box (flows §5), status the outbound codes from 3 package on. `packedOn` is the shop date
 * the shipping-fee deadline counts from; `billedWeightG` is for the application's preferred method
 * until a fee is paid, then for the method paid for (`shippingMethodId`, `shippingCost`).
 */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    applyId: integer('apply_id')
      .notNull()
      .references(() => packageApplies.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    packageNo: varchar('package_no', { length: 32 }).notNull(),
    status: smallint('status').notNull(),
    weightG: integer('weight_g').notNull(),
    lengthMm: integer('length_mm').notNull(),
    widthMm: integer('width_mm').notNull(),
    heightMm: integer('height_mm').notNull(),
    billedWeightG: integer('billed_weight_g').notNull(),
    /** Goods value of the contents (the lines' totals), for the shopper and the customs declaration. */
    amount: integer('amount').notNull(),
    packedAt: timestamp('packed_at', { withTimezone: true }).notNull(),
    packedOn: date('packed_on').notNull(),
    /**
     * The shop day a lock (7) was lifted by paying or waiving its storage fees: the box gets a new grace
     * window from it before the sweep may lock it again.
     */
    unlockedOn: date('unlocked_on'),
    shippingMethodId: integer('shipping_method_id').references(() => shippingMethods.id, {
      onDelete: 'restrict',
    }),
    /** The shipping fee paid, in yen; null until paid. */
    shippingCost: integer('shipping_cost'),
    paymentId: varchar('payment_id', { length: 40 }),
    carrier: text('carrier').$type<'japanpost' | 'dhl'>(),
    trackingNo: varchar('tracking_no', { length: 32 }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('packages_package_no_idx').on(t.packageNo),
    index('packages_apply_idx').on(t.applyId),
    index('packages_user_status_idx').on(t.userId, t.status),
    check(
      'packages_size_check',
      sql`${t.weightG} > 0 and ${t.lengthMm} > 0 and ${t.widthMm} > 0 and ${t.heightMm} > 0 and ${t.billedWeightG} >= ${t.weightG} and ${t.amount} >= 0`,
    ),
  ],
)

/** What went into a box: each order line of the application in exactly one package. */
export const packageLines = pgTable(
  'package_lines',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The line's quantity as ordered and as packed. */
    requested: integer('requested').notNull(),
    actual: integer('actual').notNull(),
    remark: text('remark'),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.orderLineId] }),
    uniqueIndex('package_lines_one_box_per_line').on(t.orderLineId),
    index('package_lines_order_idx').on(t.orderId),
    check('package_lines_quantity_check', sql`${t.actual} >= 0 and ${t.requested} >= 1`),
  ],
)

/**
 * Photos of a packed box, taken by the staff at packing (flows: the shopper sees them before paying
 * the shipping fee). Kept in the media store under private keys: only signed, expiring URLs reach the
 * package's shopper and the staff.
 */
export const packagePhotos = pgTable(
  'package_photos',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Every encoded variant: width, format and the private media key. */
    variants: jsonb('variants').$type<MediaVariant[]>().notNull(),
    sourceBytes: integer('source_bytes').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('package_photos_package_idx').on(t.packageId),
    check('package_photos_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
)

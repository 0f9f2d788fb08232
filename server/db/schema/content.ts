import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

import { createdAt, updatedAt } from './columns.ts'
import { media } from './media.ts'

/* What the operator publishes and sets: banners, announcements, articles, customer-service contacts, shop settings. */

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The picture as the shop draws it (a variant of `mediaId`, or a seeded file). */
    imgUrl: text('img_url').notNull(),
    /** The uploaded picture behind imgUrl; null for seeded banners. */
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    /** http(s) address or a path of the shop; checked when written. */
    jumpUrl: text('jump_url'),
    sort: integer('sort').notNull().default(0),
    /** The banner shows from startAt (null: at once) until endAt (null: no end). */
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'banners_schedule_check',
      sql`${t.startAt} is null or ${t.endAt} is null or ${t.endAt} > ${t.startAt}`,
    ),
  ],
)

export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  jpName: text('jp_name'),
  enName: text('en_name'),
  /** HTML, sanitised when written. */
  content: text('content'),
  jpContent: text('jp_content'),
  enContent: text('en_content'),
  sort: integer('sort').notNull().default(0),
  /** An inactive announcement is kept for the console but not shown. */
  active: boolean('active').notNull().default(true),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * Articles: shop rules, tier rules, help pages. Those with a footer position are the footer entries,
 * grouped into the footer's four columns by type modulo 4.
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    jpName: text('jp_name'),
    enName: text('en_name'),
    content: text('content'),
    jpContent: text('jp_content'),
    enContent: text('en_content'),
    footerSort: integer('footer_sort'),
    /** An inactive article is neither linked nor readable by shoppers. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('articles_footer_idx').on(t.footerSort).where(sql`${t.footerSort} is not null`)],
)

/** Customer-service contacts shown to member roles 1 and 2 (spec §3 'Customer service entry'). */
export const customerServiceContacts = pgTable('customer_service_contacts', {
  id: serial('id').primaryKey(),
  nickname: text('nickname').notNull(),
  qrcodeUrl: text('qrcode_url'),
  email: text('email'),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
})

/**
 * The shop's charge settings (spec §3 'Charge settings'): one row, id 1, created by the migration with
 * neutral values (no discount, no fees, paid in full, no exchange rate). Fractions are exact decimals.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    discount: numeric('discount', { precision: 7, scale: 6, mode: 'number' }).notNull().default(1),
    platPercent: numeric('plat_percent', { precision: 7, scale: 6, mode: 'number' }).notNull().default(0),
    frontMoney: numeric('front_money', { precision: 7, scale: 6, mode: 'number' }).notNull().default(1),
    settlePercent: numeric('settle_percent', { precision: 7, scale: 6, mode: 'number' }).notNull().default(0),
    /** Yen → renminbi for display; null until the shop sets one. */
    rate: numeric('rate', { precision: 10, scale: 6, mode: 'number' }),
    /** The highest rate the shop charges at when a payment converts yen. */
    maxRate: numeric('max_rate', { precision: 10, scale: 6, mode: 'number' }),
    /** Yen charged per order (goods not requested for packaging in time) or package (shipping fee unpaid) per overdue day. */
    storageFeePerDay: integer('storage_fee_per_day').notNull().default(100),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check('shop_settings_discount_check', sql`${t.discount} > 0 and ${t.discount} <= 1`),
    check('shop_settings_plat_check', sql`${t.platPercent} >= 0 and ${t.platPercent} <= 1`),
    check('shop_settings_front_check', sql`${t.frontMoney} > 0 and ${t.frontMoney} <= 1`),
    check('shop_settings_settle_check', sql`${t.settlePercent} >= 0 and ${t.settlePercent} <= 1`),
    check('shop_settings_rate_check', sql`${t.rate} is null or ${t.rate} > 0`),
    check('shop_settings_max_rate_check', sql`${t.maxRate} is null or ${t.maxRate} > 0`),
    check('shop_settings_storage_fee_check', sql`${t.storageFeePerDay} >= 0`),
  ],
)

import { type SQL, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** Two-level category tree; names in Chinese (name), Japanese and English. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    jpName: text('jp_name'),
    enName: text('en_name'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sort)],
)

export const series = pgTable(
  'series',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    jpName: text('jp_name'),
    enName: text('en_name'),
    /** Position on the home page's hot-series area; null = not a hot series. */
    hotRank: integer('hot_rank'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('series_hot_rank_idx').on(t.hotRank).where(sql`${t.hotRank} is not null`)],
)

/** Availability of a product: on sale, or shown but unavailable (off shelf, sold out for good). */
export const PRODUCT_STATUS = { onSale: 1, unavailable: 2 } as const

/**
 * Every character of a product's three names, lower-cased (the names joined by spaces). pg_trgm cannot
 * index a search shorter than three characters, yet one or two characters are a whole word in Chinese
 * and Japanese ('猫', '初音'); a GIN index on this array finds them. PostgreSQL uses an expression
 * index only for the very same expression, so the search builds its condition with this function.
 */
export function productNameCharacters(names: {
  productName: AnyPgColumn
  jpProductName: AnyPgColumn
  enProductName: AnyPgColumn
}): SQL {
  return sql`regexp_split_to_array(lower(${names.productName} || ' ' || coalesce(${names.jpProductName}, '') || ' ' || coalesce(${names.enProductName}, '')), '')`
}

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    itemNo: varchar('item_no', { length: 32 }).notNull(),
    /** JAN code (EAN-13) of the single item. */
    janCode: varchar('jan_code', { length: 13 }),
    /** Barcode printed on the outer box, when the item is sold by the box. */
    boxBarcode: varchar('box_barcode', { length: 32 }),
    productName: text('product_name').notNull(),
    jpProductName: text('jp_product_name'),
    enProductName: text('en_product_name'),
    /** Product type 1–9 (spec §4). */
    type: smallint('type').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    seriesId: integer('series_id').references(() => series.id, { onDelete: 'set null' }),
    /** Image URLs, first one is the cover. */
    imgList: jsonb('img_list').$type<string[]>().notNull().default([]),
    /** When the goods go on sale / ship from the maker. */
    sellTime: date('sell_time'),
    /** When pre-orders close. */
    preSellEndTime: timestamp('pre_sell_end_time', { withTimezone: true }),
    releaseDate: date('release_date'),
    manufacturer: text('manufacturer'),
    // Six price columns, integer yen. A negative value means the price is open to partners only.
    cnAlonePrice: integer('cn_alone_price').notNull(),
    cnBatchPrice: integer('cn_batch_price').notNull(),
    jpAlonePrice: integer('jp_alone_price').notNull(),
    jpBatchPrice: integer('jp_batch_price').notNull(),
    enAlonePrice: integer('en_alone_price').notNull(),
    enBatchPrice: integer('en_batch_price').notNull(),
    isDiscount: boolean('is_discount').notNull().default(false),
    /** Sold with a deposit (front money) rather than paid in full up front. */
    isFront: boolean('is_front').notNull().default(false),
    /** Units per box. */
    boxIn: integer('box_in').notNull().default(1),
    /** Order quantity base: the minimum and step a wholesaler orders in. */
    orderBase: integer('order_base').notNull().default(1),
    stock: integer('stock').notNull().default(0),
    status: smallint('status').notNull().default(PRODUCT_STATUS.onSale),
    // Positions on the home lists; null = not on that list.
    hotRank: integer('hot_rank'),
    newRank: integer('new_rank'),
    recommendRank: integer('recommend_rank'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_item_no_idx').on(t.itemNo),
    index('products_jan_code_idx').on(t.janCode),
    // Item numbers match whatever case the shopper types.
    index('products_item_no_lower_idx').on(sql`lower(${t.itemNo})`),
    index('products_type_idx').on(t.type),
    index('products_category_idx').on(t.categoryId),
    index('products_series_idx').on(t.seriesId),
    index('products_hot_rank_idx').on(t.hotRank).where(sql`${t.hotRank} is not null`),
    index('products_new_rank_idx').on(t.newRank).where(sql`${t.newRank} is not null`),
    index('products_recommend_rank_idx').on(t.recommendRank).where(sql`${t.recommendRank} is not null`),
    index('products_name_trgm_idx').using('gin', sql`${t.productName} gin_trgm_ops`),
    index('products_jp_name_trgm_idx').using('gin', sql`${t.jpProductName} gin_trgm_ops`),
    index('products_en_name_trgm_idx').using('gin', sql`${t.enProductName} gin_trgm_ops`),
    index('products_name_chars_idx').using('gin', productNameCharacters(t)),
    // Box barcodes are searched exactly, like JAN codes.
    index('products_box_barcode_idx').on(t.boxBarcode),
    check('products_type_check', sql`${t.type} between 1 and 9`),
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_box_in_check', sql`${t.boxIn} >= 1`),
    check('products_order_base_check', sql`${t.orderBase} >= 1`),
    check('products_status_check', sql`${t.status} in (1, 2)`),
  ],
)

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  imgUrl: text('img_url').notNull(),
  jumpUrl: text('jump_url'),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
})

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
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('articles_footer_idx').on(t.footerSort).where(sql`${t.footerSort} is not null`)],
)

export const ACCOUNT_KIND = { customer: 'customer', operator: 'operator' } as const

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The sign-in name is the e-mail address, stored lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    kind: text('kind').$type<'customer' | 'operator'>().notNull().default('customer'),
    /** Price role 1–6 for customers (spec §6). */
    role: smallint('role'),
    language: varchar('language', { length: 8 }).notNull().default('zhCn'),
    disabled: boolean('disabled').notNull().default(false),
    telephone: text('telephone'),
    /** The messaging (WeChat or similar) account the shop contacts the user on. */
    wechat: text('wechat'),
    /** 0 unknown, 1 male, 2 female. */
    sex: smallint('sex').notNull().default(0),
    birthday: date('birthday'),
    /** Path of the uploaded avatar under /uploads, or null. */
    avatar: text('avatar'),
    /** Points held. Changed only together with a ledger row (points issue). */
    score: integer('score').notNull().default(0),
    /** The account's points rate as a decimal string ('0.01'); null = the shop's default. */
    scoreRate: text('score_rate'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    check('users_kind_check', sql`${t.kind} in ('customer', 'operator')`),
    check('users_sex_check', sql`${t.sex} in (0, 1, 2)`),
    check('users_score_check', sql`${t.score} >= 0`),
  ],
)

/**
 * One signed-in device. The token names its session; logout and a password change revoke sessions,
 * so a copied token stops working at once. `expiresAt` caps a session however often it is renewed.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * An e-mailed 6-digit code (spec §7 'code/email'). Only an HMAC of the code is kept. A code is for one
 * address and purpose, lives 10 minutes, is used once and dies after 5 wrong tries. For an e-mail
 * change, `userId` is the account asking for it (the code goes to the new address).
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    type: smallint('type').notNull(),
    codeHash: text('code_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('email_codes_lookup_idx').on(t.email, t.type, t.createdAt),
    check('email_codes_type_check', sql`${t.type} in (1, 2, 3)`),
  ],
)

/**
 * Fixed-window counters for rate limits, in the database so that every server process shares them.
 * `bucket` names what is counted ('login-fail:account:a@b.c'), `windowStart` the window.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.windowStart] }),
    index('rate_limit_window_idx').on(t.windowStart),
  ],
)

/** Server secrets made on first start (token signing, code hashing), shared by every server process. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/** A shopper's favourites (spec §7 'Favourites'); the row id is the `bid` product cards carry. */
export const favourites = pgTable(
  'favourites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favourites_user_product_idx').on(t.userId, t.productId),
    index('favourites_user_created_idx').on(t.userId, t.createdAt),
  ],
)

/** Products a signed-in shopper opened, one row per product, moved to the top when opened again. */
export const browsingHistory = pgTable(
  'browsing_history',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('browsing_history_user_viewed_idx').on(t.userId, t.viewedAt),
  ],
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
  ],
)

/**
 * A shopper's cart: one line per product (spec §3 'Cart line'). Adding a product already in the cart
 * adds to its amount. The cart reserves no stock; the order does.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productAmount: integer('product_amount').notNull(),
    /** The type the product had when added (spec: addToCart sends productType). */
    productType: smallint('product_type').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_lines_user_product_idx').on(t.userId, t.productId),
    check('cart_lines_amount_check', sql`${t.productAmount} >= 1`),
  ],
)

/**
 * A shopper's address book (spec §3 'Address'): bilingual fields, the country by its Chinese name (the
 * value of src/domain/countries.ts). Exactly one default per shopper whenever they have any; the
 * partial unique index holds that even against two saves at once.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    nameEn: text('name_en'),
    telephone: text('telephone').notNull(),
    postCode: text('post_code').notNull(),
    country: text('country').notNull(),
    countryEn: text('country_en'),
    province: text('province'),
    provinceEn: text('province_en'),
    city: text('city'),
    cityEn: text('city_en'),
    district: text('district'),
    districtEn: text('district_en'),
    shopName: text('shop_name'),
    shopNameEn: text('shop_name_en'),
    address: text('address').notNull(),
    addressEn: text('address_en'),
    /** The default address (`acquiescent` 1 on the wire). */
    isDefault: boolean('is_default').notNull().default(false),
    /** The billing address flag (`isBill` 1 on the wire). */
    isBill: boolean('is_bill').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
    index('addresses_user_created_idx').on(t.userId, t.createdAt),
  ],
)

/**
 * Answers of changes sent with an `Idempotency-Key` header, kept 24 hours per shopper: a replay of the
 * same key (an offline cart change sent again after its answer was lost) gets the first answer back
 * and changes nothing. `request` is the method and path the key was first used for; the same key on
 * another call is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    request: text('request').notNull(),
    response: jsonb('response').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)

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
    status: smallint('status').notNull(),
    providerRef: text('provider_ref'),
    failure: text('failure'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_target_idx').using('gin', t.target),
    check('payments_amount_check', sql`${t.amount} >= 0 and ${t.pointsUsed} >= 0`),
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
    /** hold | return | earn | … */
    reason: text('reason').notNull(),
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
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt)],
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

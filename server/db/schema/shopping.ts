import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
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
import { users } from './accounts.ts'
import { products } from './catalog.ts'
import { createdAt, updatedAt } from './columns.ts'

/* A shopper's own things before an order: favourites, browsing history, the cart, the address book, idempotency keys. */

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

import { randomBytes } from 'node:crypto'
import { and, asc, eq, gte, isNotNull } from 'drizzle-orm'
import { productNameIn } from '../../../src/domain/catalog.ts'
import { shopDate } from '../../../src/domain/dates.ts'
import { addDays, balanceDueDate } from '../../../src/domain/deadlines.ts'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../src/domain/language.ts'
import { OrderStatus } from '../../../src/domain/order-status.ts'
import type { Db } from '../../db/client.ts'
import { calendarFeeds, favourites, orders, products, users } from '../../db/schema.ts'
import { viewCondition } from '../orders/order-lists.ts'
import { type AllDayEvent, icsCalendar } from './ics-format.ts'

/*
 * A shopper's calendar feed: the days their favourites' pre-orders close and their balances fall due,
 * for a calendar app to subscribe to. The address carries a secret token instead of a session (apps
 * fetch it on their own); the shopper can replace it, and the old address then answers 404.
 */

/** How far back a closed pre-order stays in the feed. */
const PAST_DAYS = 30
/** Events a feed holds at most. */
const MAX_EVENTS = 500

const newToken = () => randomBytes(32).toString('base64url')

/** The feed's address for a token, under the shop's public address. */
export const feedUrlOf = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api/mall/calendar/feed/${token}.ics`

/** The shopper's token, made on first use. */
export async function feedTokenOf(db: Db, userId: number): Promise<string> {
  const [made] = await db
    .insert(calendarFeeds)
    .values({ userId, token: newToken() })
    .onConflictDoNothing({ target: calendarFeeds.userId })
    .returning({ token: calendarFeeds.token })
  if (made) return made.token
  const [kept] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
  if (!kept) throw new Error(`no calendar feed for user ${userId}`)
  return kept.token
}

/** A new token for the shopper: the old address stops working at once. */
export async function rotateFeedToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = newToken()
  await db
    .insert(calendarFeeds)
    .values({ userId, token, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: now } })
  return token
}

const SUMMARY: Record<
  Language,
  { preorder: (name: string) => string; balance: (id: number) => string; name: string }
> = {
  zhCn: {
    preorder: (name) => `预订截止：${name}`,
    balance: (id) => `尾款截止：订单 ${id}`,
    name: 'Yoyaku 预订与尾款',
  },
  ja: {
    preorder: (name) => `予約締切：${name}`,
    balance: (id) => `残金お支払い期限：注文 ${id}`,
    name: 'Yoyaku 予約と残金',
  },
  en: {
    preorder: (name) => `Pre-order closes: ${name}`,
    balance: (id) => `Balance due: order ${id}`,
    name: 'Yoyaku pre-orders and balances',
  },
}

/**
 * The feed of the token's shopper at `now`, or undefined when no enabled account has that token. Its
 * texts are in the shopper's language; links lead to the product or the order.
 */
export async function calendarFeed(
  db: Db,
  token: string,
  options: { publicUrl: string; now: Date },
): Promise<string | undefined> {
  const [owner] = await db
    .select({ userId: users.id, language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.token, token), eq(users.disabled, false)))
  if (!owner) return undefined
  const language = isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE
  const text = SUMMARY[language]
  const base = options.publicUrl.replace(/\/+$/, '')
  const today = shopDate(options.now) ?? ''
  const [closings, balances] = await Promise.all([
    db
      .select({
        id: products.id,
        productName: products.productName,
        jpProductName: products.jpProductName,
        enProductName: products.enProductName,
        closesAt: products.preSellEndTime,
      })
      .from(favourites)
      .innerJoin(products, eq(products.id, favourites.productId))
      .where(
        and(
          eq(favourites.userId, owner.userId),
          isNotNull(products.preSellEndTime),
          gte(products.preSellEndTime, new Date(`${addDays(today, -PAST_DAYS)}T00:00:00+09:00`)),
        ),
      )
      .orderBy(asc(products.preSellEndTime))
      .limit(MAX_EVENTS),
    db
      .select({ id: orders.id, arrivedAt: orders.arrivedAt })
      .from(orders)
      .where(
        and(
          eq(orders.userId, owner.userId),
          viewCondition('operable'),
          eq(orders.status, OrderStatus.arrival),
          isNotNull(orders.arrivedAt),
        ),
      )
      .orderBy(asc(orders.arrivedAt))
      .limit(MAX_EVENTS),
  ])
  const events: AllDayEvent[] = [
    ...closings.map((product) => ({
      uid: `preorder-${product.id}@yoyaku`,
      date: shopDate(product.closesAt ?? options.now) ?? today,
      summary: text.preorder(productNameIn(language, product)),
      url: `${base}/product/${product.id}`,
    })),
    ...balances.map((order) => ({
      uid: `balance-${order.id}@yoyaku`,
      date: balanceDueDate(order.arrivedAt ?? today),
      summary: text.balance(order.id),
      url: `${base}/order/${order.id}`,
    })),
  ]
  return icsCalendar({ name: text.name, events, now: options.now })
}

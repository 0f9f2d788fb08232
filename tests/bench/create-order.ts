/**
 * Order creation: POST /api/mall/order/createOrder through the real app (`app.request`, no socket), on
 * a fresh database. Sequential orders give the latency (p50/p95) of one checkout; concurrent orders
 * from many shoppers give orders per second. Each order is one cart line of an in-stock product, so
 * every order takes the whole path: product lock, pricing, stock reservation, lines, cart cleanup and
 * the order's answer. Shoppers spread over a few products, as a real catalog would, and still contend.
 *
 * Runs on in-memory PGlite, and on PostgreSQL when a server URL is given (or TEST_DATABASE_URL is set):
 * a throwaway database is created there and dropped. Part of `npm run bench`; also runs on its own:
 * `node tests/bench/create-order.ts`.
 */
import type { AddToCartAnswer } from '../../src/domain/cart.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { signUp } from '../server/support/accounts.ts'
import { insertProducts, productRow } from '../server/support/catalog-fixture.ts'
import { createTestApp, type TestApp } from '../server/support/test-app.ts'
import type { Engine } from '../server/support/test-database.ts'

export interface CreateOrderBench {
  engine: Engine
  sequential: { orders: number; p50Ms: number; p95Ms: number; maxMs: number }
  concurrent: { orders: number; shoppers: number; products: number; seconds: number; ordersPerSecond: number }
}

export interface CreateOrderBenchOptions {
  /** Orders placed one after another by one shopper. */
  sequentialOrders?: number
  /** Shoppers ordering at once, each `ordersPerShopper` orders in a row. */
  shoppers?: number
  ordersPerShopper?: number
  /**
   * In-stock products the orders spread over. A cart holds one line per product, so a shopper's orders
   * need as many products: at least `ordersPerShopper` are made.
   */
  products?: number
  /** A PostgreSQL server where a database may be created; defaults to TEST_DATABASE_URL. */
  postgresUrl?: string
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
const round = (ms: number) => Math.round(ms * 100) / 100

/** One shopper's calls, failing loudly: a refused call would make the numbers mean nothing. */
function shopperCalls(t: TestApp, token: string) {
  const expectOk = <T>(what: string, body: Envelope<T>): T => {
    if (body.code !== 200) throw new Error(`${what} answered ${body.code}: ${body.msg}`)
    return body.data
  }
  return {
    async addToCart(productId: number): Promise<number> {
      const { body } = await t.sendJson<Envelope<AddToCartAnswer>>(
        'POST',
        '/api/mall/cart/addToCart',
        { productId, productAmount: 1, productType: 2 },
        { token },
      )
      return expectOk('addToCart', body).cartId
    },
    async createOrder(cartId: number): Promise<OrderDto> {
      const { body } = await t.sendJson<Envelope<OrderDto>>(
        'POST',
        '/api/mall/order/createOrder',
        { cartLineIds: [cartId] },
        { token },
      )
      return expectOk('createOrder', body)
    },
  }
}

async function measureOn(engine: Engine, options: Required<Omit<CreateOrderBenchOptions, 'postgresUrl'>>) {
  const t = await createTestApp(engine)
  try {
    const stock = options.sequentialOrders + options.shoppers * options.ordersPerShopper
    const rows = await insertProducts(
      t.db,
      Array.from({ length: options.products }, () => productRow({ type: 2, stock, cnAlonePrice: 4800 })),
    )
    const productIds = rows.map((row) => row.id)

    // Sequential: one shopper; the cart add before each order is not timed.
    const solo = shopperCalls(t, (await signUp(t, 'bench-solo@example.com')).token)
    const times: number[] = []
    for (let i = 0; i < options.sequentialOrders; i++) {
      const cartId = await solo.addToCart(productIds[i % productIds.length] as number)
      const start = performance.now()
      await solo.createOrder(cartId)
      times.push(performance.now() - start)
    }
    times.sort((a, b) => a - b)

    // Concurrent: every shopper fills a cart first, then all order at once, each order in turn.
    const shoppers = await Promise.all(
      Array.from({ length: options.shoppers }, async (_, i) =>
        shopperCalls(t, (await signUp(t, `bench-${i}@example.com`)).token),
      ),
    )
    const carts = await Promise.all(
      shoppers.map(async (shopper, i) => {
        const lines: number[] = []
        for (let k = 0; k < options.ordersPerShopper; k++) {
          lines.push(await shopper.addToCart(productIds[(i + k) % productIds.length] as number))
        }
        return lines
      }),
    )
    const start = performance.now()
    await Promise.all(
      shoppers.map(async (shopper, i) => {
        for (const cartId of carts[i] ?? []) await shopper.createOrder(cartId)
      }),
    )
    const seconds = (performance.now() - start) / 1000
    const concurrentOrders = options.shoppers * options.ordersPerShopper
    return {
      engine,
      sequential: {
        orders: times.length,
        p50Ms: round(percentile(times, 0.5)),
        p95Ms: round(percentile(times, 0.95)),
        maxMs: round(times.at(-1) ?? 0),
      },
      concurrent: {
        orders: concurrentOrders,
        shoppers: options.shoppers,
        products: options.products,
        seconds: round(seconds),
        ordersPerSecond: Math.round(concurrentOrders / seconds),
      },
    } satisfies CreateOrderBench
  } finally {
    await t.close()
  }
}

/** PGlite always; PostgreSQL too when a server URL is given or TEST_DATABASE_URL is set. */
export async function measureCreateOrder(options: CreateOrderBenchOptions = {}): Promise<CreateOrderBench[]> {
  const settings = {
    sequentialOrders: options.sequentialOrders ?? 200,
    shoppers: options.shoppers ?? 20,
    ordersPerShopper: options.ordersPerShopper ?? 10,
    products: Math.max(options.products ?? 10, options.ordersPerShopper ?? 10),
  }
  const results = [await measureOn('pglite', settings)]
  const postgresUrl = options.postgresUrl ?? process.env.TEST_DATABASE_URL
  if (postgresUrl) {
    // The test support creates its throwaway database on the server TEST_DATABASE_URL names.
    process.env.TEST_DATABASE_URL = postgresUrl
    results.push(await measureOn('postgres', settings))
  }
  return results
}

export function createOrderLines(results: readonly CreateOrderBench[]): string[] {
  return results.flatMap(({ engine, sequential: s, concurrent: c }) => [
    `createOrder (${engine}): p50 ${s.p50Ms} ms, p95 ${s.p95Ms} ms, max ${s.maxMs} ms (${s.orders} sequential orders)`,
    `createOrder (${engine}): ${c.ordersPerSecond} orders/s (${c.orders} orders by ${c.shoppers} shoppers at once over ${c.products} products, ${c.seconds} s)`,
  ])
}

if (import.meta.main) {
  for (const line of createOrderLines(await measureCreateOrder())) console.log(line)
}

/**
 * The scale-out bench (`npm run cluster`'s topology): two app processes on PostgreSQL behind the
 * system's proxy, on a throwaway database. Measures, with the request log on as shipped:
 * - createOrder: 20 shoppers each placing orders in turn through the proxy (cart add untimed), orders/s;
 * - a signed-in shopper's hot list with autocannon (10 connections), through the proxy and straight
 *   at one process.
 * Needs PostgreSQL (TEST_DATABASE_URL) and Caddy or nginx. Part of `npm run bench`; also runs alone:
 * `node tests/bench/cluster-throughput.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { startCluster } from '../../scripts/cluster/cluster.ts'
import type { AddToCartAnswer } from '../../src/domain/cart.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { latestCodeFor } from '../server/support/outbox.ts'
import { HOME_HOT_LIST_PATH } from './api-throughput.ts'

export interface ClusterThroughput {
  proxy: string
  processes: number
  createOrder: { shoppers: number; orders: number; seconds: number; ordersPerSecond: number }
  signedInHotList: { throughProxy: number; oneProcessDirect: number }
}

const SHOPPERS = 20
const ORDERS_PER_SHOPPER = 25
const PASSWORD = 'Bench.2026'

async function call<T>(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> },
) {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const body = (await response.json()) as Envelope<T>
  if (body.code !== 200) throw new Error(`${url} answered ${body.code}: ${body.msg}`)
  return { data: body.data, token: response.headers.get('token') }
}

/** A shopper signed up through one process's real calls, each from its own client address. */
async function signUp(baseUrl: string, outboxDir: string, index: number): Promise<string> {
  const username = `cluster-bench-${index}@example.com`
  const headers = { 'x-forwarded-for': `198.51.100.${index + 1}` }
  await call(`${baseUrl}/api/mall/user/code/email`, {
    method: 'POST',
    body: { type: 1, username, language: 'en' },
    headers,
  })
  const code = await latestCodeFor(outboxDir, username)
  const registered = await call(`${baseUrl}/api/mall/user/register`, {
    method: 'POST',
    body: { username, password: PASSWORD, nickname: `Bench ${index}`, code },
    headers,
  })
  if (!registered.token) throw new Error('sign-up gave no token')
  return registered.token
}

async function hammer(url: string, token: string): Promise<number> {
  const options = { url, headers: { token }, connections: 10 }
  await autocannon({ ...options, duration: 2 })
  const result = await autocannon({ ...options, duration: 10 })
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`)
  }
  return Math.round(result.requests.average)
}

export async function measureClusterThroughput(postgresUrl: string): Promise<ClusterThroughput> {
  const database = `yoyaku_bench_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`create database ${database}`)
  const url = new URL(postgresUrl)
  url.pathname = `/${database}`
  const dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-cluster-bench-'))
  const cluster = await startCluster({ env: { DATABASE_URL: url.href, DATA_DIR: dataDir } })
  try {
    const [first] = cluster.nodes
    if (!first) throw new Error('the cluster has no process')
    const outboxDir = join(dataDir, 'outbox')
    const tokens: string[] = []
    for (let i = 0; i < SHOPPERS; i++) tokens.push(await signUp(first.baseUrl, outboxDir, i))

    // One in-stock product per order a shopper places, so each order is one fresh cart line.
    const shop = new pg.Client({ connectionString: url.href })
    await shop.connect()
    const { rows } = await shop.query<{ id: number }>(
      `update products set type = 2, stock = 100000, order_base = 1, status = 1
         where id in (select id from products
                       where least(cn_alone_price, jp_alone_price, en_alone_price) > 0
                       order by id limit ${ORDERS_PER_SHOPPER})
       returning id`,
    )
    await shop.end()
    const productIds = rows.map((row) => row.id)

    const carts = await Promise.all(
      tokens.map(async (token, shopper) => {
        const lines: number[] = []
        // Each shopper starts at another product, as the shoppers of a real catalog spread: they still
        // meet on every product, one at a time.
        const rotated = [
          ...productIds.slice(shopper % productIds.length),
          ...productIds.slice(0, shopper % productIds.length),
        ]
        for (const productId of rotated) {
          const added = await call<AddToCartAnswer>(`${cluster.proxyUrl}/api/mall/cart/addToCart`, {
            method: 'POST',
            body: { productId, productAmount: 1, productType: 2 },
            headers: { token },
          })
          lines.push(added.data.cartId)
        }
        return lines
      }),
    )
    const started = performance.now()
    await Promise.all(
      tokens.map(async (token, i) => {
        for (const cartId of carts[i] ?? []) {
          await call<OrderDto>(`${cluster.proxyUrl}/api/mall/order/createOrder`, {
            method: 'POST',
            body: { cartLineIds: [cartId] },
            headers: { token },
          })
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const orders = SHOPPERS * productIds.length

    const token = tokens[0] as string
    const throughProxy = await hammer(cluster.proxyUrl + HOME_HOT_LIST_PATH, token)
    const oneProcessDirect = await hammer(first.baseUrl + HOME_HOT_LIST_PATH, token)
    return {
      proxy: cluster.proxy,
      processes: cluster.nodes.length,
      createOrder: {
        shoppers: SHOPPERS,
        orders,
        seconds: Math.round(seconds * 100) / 100,
        ordersPerSecond: Math.round(orders / seconds),
      },
      signedInHotList: { throughProxy, oneProcessDirect },
    }
  } finally {
    await cluster.stop()
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function clusterThroughputLines(result: ClusterThroughput): string[] {
  const { createOrder: c, signedInHotList: h } = result
  return [
    `cluster (${result.processes} processes on PostgreSQL behind ${result.proxy}, request log on):`,
    `  createOrder: ${c.ordersPerSecond} orders/s (${c.orders} orders by ${c.shoppers} shoppers at once, ${c.seconds} s)`,
    `  signed-in hotList: ${h.throughProxy} req/s through the proxy, ${h.oneProcessDirect} req/s at one process directly`,
  ]
}

if (import.meta.main) {
  const postgresUrl = process.env.TEST_DATABASE_URL
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set: the cluster runs on PostgreSQL')
  for (const line of clusterThroughputLines(await measureClusterThroughput(postgresUrl))) console.log(line)
}

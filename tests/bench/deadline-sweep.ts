/**
 * The deadline sweep (flows §4) on 10,000 open orders: most in 5 arrival, their goods arrived over the
 * last 70 days (so some balances are on time, some overdue with a late fee, some past the grace window
 * and forfeited), one in ten in 6 finalPay (some past the packaging deadline with a storage fee, some
 * past its grace), one in twenty packed (9, one box each in package 3, packed over the last 40 days: some
 * with the shipping fee on time, some overdue with a package storage fee, some past the grace window and
 * locked). Seeded with bulk inserts; then one sweep is timed, a second on the same day (idempotent:
 * nothing to change), and one on the next day (every unpaid fee moves to that day's figure).
 *
 * Each run includes the reminders step that follows the sweep (flows §6), as the hourly job runs it:
 * every reminder due is written and mailed to a real outbox (nodemailer, one .eml file each, in a
 * temporary folder) and pushed through a no-op PushToUser that answers "sent" at once (the
 * push services' own latency is not the shop's); the shoppers' languages rotate zhCn, ja, en.
 *
 * Runs on in-memory PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (a throwaway database).
 * Part of `npm run bench`; also runs on its own: `node tests/bench/deadline-sweep.ts`.
 */

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Db } from '../../server/db/client.ts'
import {
  orderLines,
  orders,
  packageApplies,
  packageApplyOrders,
  packageLines,
  packages,
  payments,
  products,
  users,
} from '../../server/db/schema.ts'
import { sweepDeadlines } from '../../server/services/deadlines/deadline-sweep.ts'
import { createMailer } from '../../server/services/mail/mailer.ts'
import type { PushToUser } from '../../server/services/push/push-types.ts'
import { sendReminders } from '../../server/services/reminders/send-reminders.ts'
import { shopDate } from '../../src/domain/dates.ts'
import { addDays } from '../../src/domain/deadlines.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { PackageStatus } from '../../src/domain/package-status.ts'
import { productRow } from '../server/support/catalog-fixture.ts'
import { type Engine, openTestDatabase } from '../server/support/test-database.ts'

export interface DeadlineSweepRun {
  /** The sweep and its reminders together. */
  ms: number
  /** Of which the reminders step. */
  remindersMs: number
  remindersCreated: number
  mailed: number
  pushed: number
  lateFeesCreated: number
  lateFeesUpdated: number
  storageFeesCreated: number
  storageFeesUpdated: number
  packageStorageFeesCreated: number
  packageStorageFeesUpdated: number
  forfeited: number
  packagesLocked: number
}

export interface DeadlineSweepBench {
  engine: Engine
  orders: number
  seedSeconds: number
  first: DeadlineSweepRun
  sameDay: DeadlineSweepRun
  nextDay: DeadlineSweepRun
}

const DAY_MS = 86_400_000
const BATCH = 1000
const SHOPPERS = 200
const PRODUCTS = 500
/** One order in this many is in 6 finalPay, one in PACKED_EVERY packed (9, its box in 3); the rest are in 5 arrival. */
const FINAL_PAY_EVERY = 10
const PACKED_EVERY = 20
/** The packed orders' `i % PACKED_EVERY` (never a multiple of FINAL_PAY_EVERY). */
const PACKED_AT = 5

const round = (ms: number) => Math.round(ms * 10) / 10

async function measureOn(engine: Engine, orderCount: number): Promise<DeadlineSweepBench> {
  const database = await openTestDatabase(engine)
  try {
    const { db } = database
    // Noon in Tokyo, so the next-day run is exactly one shop day later.
    const now = new Date(`${shopDate(new Date())}T12:00:00+09:00`)
    const today = shopDate(now) ?? ''
    const seedStart = performance.now()
    const shopperIds = (
      await db
        .insert(users)
        .values(
          Array.from({ length: SHOPPERS }, (_, i) => ({
            email: `sweep-bench-${i}@example.com`,
            passwordHash: 'bench',
            nickname: `bench${i}`,
            language: (['zhCn', 'ja', 'en'] as const)[i % 3],
          })),
        )
        .returning({ id: users.id })
    ).map((row) => row.id)
    const productIds = (
      await db
        .insert(products)
        .values(Array.from({ length: PRODUCTS }, () => productRow({ type: 2, stock: 100 })))
        .returning({ id: products.id })
    ).map((row) => row.id)
    for (let start = 0; start < orderCount; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, orderCount - start) }, (_, k) => {
        const i = start + k
        const finalPay = i % FINAL_PAY_EVERY === 0
        // Packed 0–39 days ago (fee overdue from 8 days, locked from 23), ten days after arrival.
        const packedOn =
          i % PACKED_EVERY === PACKED_AT
            ? addDays(today, -((Math.floor(i / PACKED_EVERY) * 7) % 40))
            : undefined
        const goods = 2_000 + ((i * 7_919) % 48_000)
        const deposit = Math.floor(goods * 0.3)
        // Arrival 0–69 days ago in 5 (forfeited from 46 days), 30–89 in 6 (storage fee from 46, forfeited from 61).
        const arrivedAt = packedOn
          ? addDays(packedOn, -10)
          : addDays(today, -((finalPay ? 30 : 0) + ((i * 37) % 70)))
        const status = packedOn
          ? OrderStatus.waitExpressPay
          : finalPay
            ? OrderStatus.finalPay
            : OrderStatus.arrival
        return {
          userId: shopperIds[i % SHOPPERS] ?? 0,
          productId: productIds[i % PRODUCTS] ?? 0,
          status,
          goods,
          deposit,
          arrivedAt,
          packedOn,
        }
      })
      const paidInFull = (status: OrderStatus) => status !== OrderStatus.arrival
      const inserted = await db
        .insert(orders)
        .values(
          batch.map((order) => ({
            userId: order.userId,
            status: order.status,
            goods: order.goods,
            platformFee: 0,
            settlementFee: 0,
            deposit: order.deposit,
            balance: order.goods - order.deposit,
            total: order.goods,
            paidAmount: paidInFull(order.status) ? order.goods : order.deposit,
            payDueAt: now,
            arrivedAt: order.arrivedAt,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: orders.id })
      const lines = await db
        .insert(orderLines)
        .values(
          batch.map((order, k) => ({
            orderId: inserted[k]?.id ?? 0,
            productId: order.productId,
            productName: 'bench',
            barcode: 'bench',
            productType: 2,
            basePrice: order.goods,
            unitPrice: order.goods,
            quantity: 1,
            goods: order.goods,
            platformFee: 0,
            settlementFee: 0,
            deposit: order.deposit,
            balance: order.goods - order.deposit,
            total: order.goods,
            stockReserved: 1,
          })),
        )
        .returning({ id: orderLines.id, orderId: orderLines.orderId })
      await seedPackages(
        db,
        batch.flatMap((order, k) => {
          const orderId = inserted[k]?.id
          const lineId = lines[k]?.id
          return order.packedOn && orderId && lineId
            ? [{ userId: order.userId, orderId, lineId, goods: order.goods, packedOn: order.packedOn }]
            : []
        }),
      )
      await db.insert(payments).values(
        batch.map((order, k) => ({
          id: `pay_sweep_bench_${start + k}`,
          userId: order.userId,
          purpose: 'deposit' as const,
          target: [inserted[k]?.id ?? 0],
          route: 'card' as const,
          method: 1,
          gateway: 'sandbox',
          amount: order.deposit,
          status: 2,
          settledAt: now,
        })),
      )
    }
    const seedSeconds = round((performance.now() - seedStart) / 1000)
    const outboxDir = mkdtempSync(join(tmpdir(), 'yoyaku-bench-outbox-'))
    const mailer = createMailer({ smtpUrl: undefined, outboxDir, from: 'Yoyaku <no-reply@yoyaku.test>' })
    const pushToUser: PushToUser = async () => ({
      subscriptions: 1,
      sent: 1,
      removed: 0,
      retryLater: 0,
      failed: 0,
    })
    const timed = async (at: Date): Promise<DeadlineSweepRun> => {
      const start = performance.now()
      const result = await sweepDeadlines(db, at)
      const remindersStart = performance.now()
      const reminders = await sendReminders(db, { mailer, publicUrl: 'https://shop.test', pushToUser }, at)
      const end = performance.now()
      if (!result.ran || !reminders.ran) throw new Error('the sweep did not run (lock held?)')
      return {
        ms: round(end - start),
        remindersMs: round(end - remindersStart),
        remindersCreated: reminders.created,
        mailed: reminders.mailed,
        pushed: reminders.pushed,
        lateFeesCreated: result.lateFeesCreated.length,
        lateFeesUpdated: result.lateFeesUpdated.length,
        storageFeesCreated: result.storageFeesCreated.length,
        storageFeesUpdated: result.storageFeesUpdated.length,
        packageStorageFeesCreated: result.packageStorageFeesCreated.length,
        packageStorageFeesUpdated: result.packageStorageFeesUpdated.length,
        forfeited: result.forfeited.length,
        packagesLocked: result.packagesLocked.length,
      }
    }
    try {
      const first = await timed(now)
      const sameDay = await timed(new Date(now.getTime() + 3_600_000))
      const nextDay = await timed(new Date(now.getTime() + DAY_MS))
      return { engine, orders: orderCount, seedSeconds, first, sameDay, nextDay }
    } finally {
      rmSync(outboxDir, { recursive: true, force: true })
    }
  } finally {
    await database.close()
  }
}

interface PackedOrder {
  userId: number
  orderId: number
  lineId: number
  goods: number
  packedOn: string
}

/** One packaging request and one box in 3 per packed order, as the pack call leaves them (bulk inserts). */
async function seedPackages(db: Db, packed: PackedOrder[]): Promise<void> {
  if (packed.length === 0) return
  const applies = await db
    .insert(packageApplies)
    .values(
      packed.map((order) => ({
        userId: order.userId,
        status: PackageStatus.package,
        address: { country: '中国香港', city: '香港', address: 'bench' },
        packedAt: new Date(`${order.packedOn}T12:00:00+09:00`),
      })),
    )
    .returning({ id: packageApplies.id })
  await db
    .insert(packageApplyOrders)
    .values(packed.map((order, k) => ({ applyId: applies[k]?.id ?? 0, orderId: order.orderId })))
  const boxes = await db
    .insert(packages)
    .values(
      packed.map((order, k) => {
        const packedAt = new Date(`${order.packedOn}T12:00:00+09:00`)
        return {
          applyId: applies[k]?.id ?? 0,
          userId: order.userId,
          packageNo: `B${applies[k]?.id ?? 0}-1`,
          status: PackageStatus.package,
          weightG: 1_200,
          lengthMm: 300,
          widthMm: 200,
          heightMm: 100,
          billedWeightG: 1_200,
          amount: order.goods,
          packedAt,
          packedOn: order.packedOn,
          createdAt: packedAt,
        }
      }),
    )
    .returning({ id: packages.id })
  await db.insert(packageLines).values(
    packed.map((order, k) => ({
      packageId: boxes[k]?.id ?? 0,
      orderLineId: order.lineId,
      orderId: order.orderId,
      requested: 1,
      actual: 1,
    })),
  )
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export async function measureDeadlineSweep(orderCount = 10_000): Promise<DeadlineSweepBench[]> {
  const results = [await measureOn('pglite', orderCount)]
  if (process.env.TEST_DATABASE_URL) results.push(await measureOn('postgres', orderCount))
  return results
}

export function deadlineSweepLines(results: readonly DeadlineSweepBench[]): string[] {
  const describe = (run: DeadlineSweepRun) =>
    `${run.ms} ms (${run.lateFeesCreated} late fees created, ${run.lateFeesUpdated} updated, ` +
    `${run.storageFeesCreated} storage fees created, ${run.storageFeesUpdated} updated, ` +
    `${run.packageStorageFeesCreated} package storage fees created, ${run.packageStorageFeesUpdated} updated, ` +
    `${run.forfeited} forfeited, ${run.packagesLocked} packages locked; ` +
    `reminders ${run.remindersMs} ms of it: ${run.remindersCreated} written, ${run.mailed} mailed, ${run.pushed} pushed)`
  return results.map(
    ({ engine, orders: count, first, sameDay, nextDay }) =>
      `deadline sweep with reminders (${engine}, ${count} open orders; mail to an outbox folder, push to a no-op sender): first run ${describe(first)}; again the same day ${describe(sameDay)}; next day ${describe(nextDay)}`,
  )
}

if (import.meta.main) {
  for (const line of deadlineSweepLines(await measureDeadlineSweep())) console.log(line)
}

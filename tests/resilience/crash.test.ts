import { describe, it } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import { engines } from '../server/support/test-database.ts'
import {
  Dice,
  emptyLedger,
  type LoadProduct,
  operatorStep,
  ShopClient,
  type Shopper,
  shopperStep,
  signInOperator,
  signUpShopper,
} from './crash-load.ts'
import { CrashServer } from './crash-server.ts'
import { checkAcknowledged } from './crash-verify.ts'
import { checkInvariants, describeBroken } from './invariants.ts'
import { longRun, scaled } from './scale.ts'

/**
 * Crash consistency (issue 29): the real server under a mixed load over HTTP is SIGKILLed at random
 * moments and started again on the same data. After every kill the database must hold every write the
 * server acknowledged and every invariant of tests/resilience/invariants.ts, and no call may ever
 * have answered 5xx. The seed is printed, so a failing run can be repeated (RESILIENCE_SEED=…).
 */
const KILLS = scaled(5, 50)
const SHOPPERS = scaled(4, 8)
/** A restart costs seconds (the server's start, PGlite's recovery): the long run's 50 need an hour at most. */
const TIMEOUT_MS = longRun ? 3_600_000 : 600_000
/** How long the load runs before each kill: a random moment in this window (ms). */
const LOAD_MS: [number, number] = longRun ? [500, 5000] : [600, 2000]

/** The catalog the load orders from, written before the first start (so no demo catalog is seeded). */
const CATALOG: { type: number; stock: number; price: number }[] = [
  { type: 2, stock: 60, price: 2400 },
  { type: 2, stock: 40, price: 1800 },
  { type: 7, stock: 50, price: 3200 },
  { type: 1, stock: 0, price: 5000 },
  { type: 1, stock: 0, price: 1200 },
]

async function writeCatalog(
  db: Db,
): Promise<{ products: LoadProduct[]; startingStock: Map<number, number> }> {
  const rows = (await db.execute(`
    with category as (
      insert into categories (name, jp_name, en_name) values ('崩溃测试', 'クラッシュ', 'Crash') returning id
    )
    insert into products (item_no, product_name, jp_product_name, en_product_name, type, category_id,
                          cn_alone_price, cn_batch_price, jp_alone_price, jp_batch_price, en_alone_price, en_batch_price,
                          is_front, stock)
    select 'CRASH-' || n, '崩溃商品' || n, 'クラッシュ商品' || n, 'Crash product ' || n, c.type, category.id,
           c.price, c.price, c.price, c.price, c.price, c.price, true, c.stock
    from category, jsonb_to_recordset('${JSON.stringify(CATALOG.map((item, n) => ({ n, ...item })))}'::jsonb)
      as c(n int, type int, stock int, price int)
    returning id, type, stock`)) as unknown as { rows: { id: number; type: number; stock: number }[] }
  const products = rows.rows.map((row) => ({ id: Number(row.id), type: Number(row.type) }))
  const startingStock = new Map(rows.rows.map((row) => [Number(row.id), Number(row.stock)]))
  return { products, startingStock }
}

/** At most this long for the last, unkilled load to do the work the figures claim (ms). */
const FINAL_LOAD_MS = 120_000

/** Longer than the server's log flush interval (server/observability/log.ts: 200 ms). */
const LOG_FLUSH_MS = 600

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

// The engines run side by side: each is mostly a server starting, so together they take little
// longer than one (CI's budget), and each has its own server, database and scratch folder.
describe('crash consistency', () => {
  it.concurrent.for(engines)(
    `on %s: keeps every acknowledged write and every invariant across ${KILLS} SIGKILLs`,
    { timeout: TIMEOUT_MS },
    async (engine, { expect, onTestFinished }) => {
      const began = Date.now()
      const seed = Number(process.env.RESILIENCE_SEED ?? Math.floor(Math.random() * 2 ** 31))
      const dice = new Dice(seed)
      let catalog: Awaited<ReturnType<typeof writeCatalog>> | undefined
      const crashing = await CrashServer.create(engine, async (db) => {
        catalog = await writeCatalog(db)
      })
      onTestFinished(() => crashing.close())
      if (!catalog) throw new Error('no catalog')
      const { products, startingStock } = catalog
      const ledger = emptyLedger()
      // the server's warnings and errors (its info lines are start-up chatter), then its last lines
      const context = () => {
        const lines = crashing.output().split('\n')
        const trouble = lines.filter((line) => line.trim() && !line.includes('"level":"info"')).slice(-40)
        return `seed ${seed}; server warnings and errors:\n${trouble.join('\n').slice(-8000)}\nlast lines:\n${lines.slice(-10).join('\n')}`
      }

      await crashing.start()
      let shop = new ShopClient(crashing.baseUrl, ledger)
      const signedUp = await Promise.all(
        Array.from({ length: SHOPPERS }, (_, n) =>
          signUpShopper(shop, ledger, crashing.outboxDir, `shopper${n}@crash.test`),
        ),
      )
      const shoppers = signedUp.filter((shopper): shopper is Shopper => shopper !== undefined)
      if (shoppers.length < SHOPPERS) throw new Error(`a shopper could not sign up; ${context()}`)
      const operatorToken = await signInOperator(shop)
      if (!operatorToken) throw new Error(`the operator could not sign in; ${context()}`)

      let invariantChecks = 0
      let checksPerRun = 0
      let lateSignUps = 0
      for (let kill = 1; kill <= KILLS; kill++) {
        let alive = true
        const round = shop
        const workers = shoppers.map(async (shopper) => {
          while (alive) await shopperStep(round, ledger, dice, shopper, products)
        })
        workers.push(
          (async () => {
            while (alive) {
              await operatorStep(round, ledger, dice, operatorToken)
              await delay(dice.int(50, 250))
            }
          })(),
          // one account signs up during each round: the kill may land in its registration
          (async () => {
            lateSignUps += 1
            await signUpShopper(round, ledger, crashing.outboxDir, `late${lateSignUps}@crash.test`)
          })(),
        )
        await delay(dice.int(LOAD_MS[0], LOAD_MS[1]))
        // The server logs asynchronously: after a 5xx, give its error line time to reach the output.
        if (ledger.serverErrors.length > 0) await delay(LOG_FLUSH_MS)
        const killed = crashing.kill()
        alive = false
        await killed
        await Promise.all(workers)

        const { report, acknowledged } = await crashing.withDb(async (db) => ({
          report: await checkInvariants(db, { startingStock }),
          acknowledged: await checkAcknowledged(db, ledger),
        }))
        invariantChecks += report.checked
        checksPerRun = report.checked
        expect(describeBroken(report), `after kill ${kill}; ${context()}`).toBe('')
        expect(acknowledged.lost, `after kill ${kill}; ${context()}`).toEqual([])
        expect(ledger.serverErrors, `after kill ${kill}; ${context()}`).toEqual([])

        await crashing.start()
        shop = new ShopClient(crashing.baseUrl, ledger)
      }

      // The last start must serve again. Its load runs on, never killed, until it has done at least the
      // work the figures below claim (on a loaded machine the short rounds may settle no payment at
      // all); then the data is checked stopped.
      const didTheWork = () =>
        ledger.orders.size > KILLS && ledger.settled.size > 0 && ledger.sweeps + ledger.refunded.size > 0
      const until = Date.now() + FINAL_LOAD_MS
      do {
        await Promise.all(shoppers.map((shopper) => shopperStep(shop, ledger, dice, shopper, products)))
        await operatorStep(shop, ledger, dice, operatorToken)
      } while (!didTheWork() && Date.now() < until)
      await delay(LOG_FLUSH_MS)
      await crashing.kill()
      const final = await crashing.withDb(async (db) => ({
        report: await checkInvariants(db, { startingStock }),
        acknowledged: await checkAcknowledged(db, ledger),
      }))
      invariantChecks += final.report.checked
      expect(describeBroken(final.report), context()).toBe('')
      expect(final.acknowledged.lost, context()).toEqual([])
      expect(ledger.serverErrors, context()).toEqual([])
      // the load did the work the figures claim: orders placed, paid, cancelled, refunded, swept
      expect(ledger.orders.size).toBeGreaterThan(KILLS)
      expect(ledger.settled.size).toBeGreaterThan(0)
      expect(ledger.sweeps + ledger.refunded.size).toBeGreaterThan(0)
      expect(crashing.starts).toBe(KILLS + 1)

      const seconds = ((Date.now() - began) / 1000).toFixed(1)
      console.log(
        `resilience: crash ${engine} (${longRun ? 'long' : 'ci'}): ${KILLS} SIGKILLs survived, ${invariantChecks} invariant checks run (${checksPerRun} per kill), ` +
          `${final.acknowledged.total} acknowledged writes verified (${ledger.orders.size} orders, ${ledger.payments.size} payments, ` +
          `${ledger.settled.size} settled, ${ledger.declined.size} declined, ${ledger.cancelled.size} cancels, ${ledger.refunded.size} refunds, ` +
          `${ledger.signUps.size} sign-ups), ${ledger.sweeps} sweeps, ${ledger.requests} requests, ${ledger.serverErrors.length} 5xx, ${seconds} s, seed ${seed}`,
      )
    },
  )
})

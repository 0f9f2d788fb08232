import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAY_CALLS_PER_ACCOUNT } from '../../server/routes/pay-call.ts'
import { signedInAccount } from '../server/support/catalog-fixture.ts'
import { insertAddress, pointsOf } from '../server/support/order-fixture.ts'
import { createTestApp, type TestApp } from '../server/support/test-app.ts'
import { engines } from '../server/support/test-database.ts'
import { type PaypalEmulator, startPaypalEmulator } from '../support/paypal-emulator.ts'
import { type SbpsEmulator, startSbpsEmulator } from '../support/sbps-emulator.ts'
import { type StripeEmulator, startStripeEmulator } from '../support/stripe-emulator.ts'
import { checkInvariants, describeBroken } from './invariants.ts'
import { scaled } from './scale.ts'
import {
  type Expected,
  type PaymentPlan,
  runStorm,
  seededRandom,
  startingStockOf,
  stormFigures,
  stormProblems,
} from './webhook-storm-harness.ts'
import type { PlanContext, Shopper } from './webhook-storm-payments.ts'
import { PAYPAL_CREDENTIALS, PAYPAL_EVENT_TYPES, paypalPlanner } from './webhook-storm-paypal.ts'
import { claimAtSandbox, sandboxPlanner } from './webhook-storm-sandbox.ts'
import { SBPS_CREDENTIALS, sbpsPlanner } from './webhook-storm-sbps.ts'
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, stripePlanner } from './webhook-storm-stripe.ts'

/*
 * Webhook storms (issue 29): per provider, scaled(60, 1000) deliveries to the shop's webhook endpoint
 * through the providers' emulators and signers: genuine events of many payments, each resent later,
 * sent several times at once, out of order (a failure after the success, a later event before an
 * earlier one), and forged, tampered and stale ones (and payments of the real providers claimed paid
 * at the sandbox's endpoint). The shop must apply each genuine event once and lose none, refuse every
 * forged or stale one with the protocol's status and change nothing for it; then the shop's invariants
 * (tests/resilience/invariants.ts) must hold. A failing storm is replayed with RESILIENCE_SEED=<seed>.
 */

const DELIVERIES = scaled(60, 1000)
/** Plans played at once (their steps in order): deliveries of different payments interleave. */
const CONCURRENCY = 6
const SCORE_RATE = 0.05
/** Pay calls per shopper, under the shop's limit per account and minute (server/routes/pay-call.ts). */
const PAY_CALLS_PER_SHOPPER = PAY_CALLS_PER_ACCOUNT.max - 5
const seed = Number(process.env.RESILIENCE_SEED ?? Date.now() % 1_000_000)
const JSON_ANSWERS: Expected = { genuine: { status: 200, text: '' }, refused: { status: 400, text: '' } }

interface Provider {
  name: string
  expected: Expected
  /** Points the shop at the provider's emulator (the sandbox: no real provider on the card route). */
  configure(): void
  planner(context: PlanContext): (index: number) => Promise<PaymentPlan>
}

describe.each(engines)('webhook storms on %s', (engine) => {
  let t: TestApp
  const shoppers: Shopper[] = []
  let payCalls = 0
  let stripe: StripeEmulator
  let sbps: SbpsEmulator
  let paypal: PaypalEmulator
  let counter = 0
  let pointsSoFar = 0
  const random = seededRandom(seed + (engine === 'pglite' ? 0 : 1))

  // In this order: the sandbox serves the card route until Stripe is configured.
  const providers: Provider[] = [
    {
      name: 'sandbox',
      expected: JSON_ANSWERS,
      configure() {
        t.providers.stripe = undefined
      },
      planner: sandboxPlanner,
    },
    {
      name: 'stripe',
      expected: JSON_ANSWERS,
      configure() {
        t.providers.stripe = {
          secretKey: STRIPE_SECRET_KEY,
          webhookSecret: STRIPE_WEBHOOK_SECRET,
          apiBase: stripe.baseUrl,
        }
      },
      planner: (context) => stripePlanner(context, stripe),
    },
    {
      name: 'sbps',
      // SBPS reads the answer as text: `OK,` taken, anything else retried
      expected: { genuine: { status: 200, text: 'OK,' }, refused: { status: 400, text: 'NG,refused' } },
      configure() {
        t.providers.sbps = { ...SBPS_CREDENTIALS, apiBase: sbps.baseUrl }
      },
      planner: (context) => sbpsPlanner(context, sbps),
    },
    {
      name: 'paypal',
      expected: JSON_ANSWERS,
      configure() {
        t.providers.paypal = { ...PAYPAL_CREDENTIALS, apiBase: paypal.baseUrl }
        // every event is held back for the test to deliver
        paypal.delivery.drop = [...PAYPAL_EVENT_TYPES]
      },
      planner: (context) => paypalPlanner(context, paypal),
    },
  ]

  beforeAll(async () => {
    t = await createTestApp(engine, { listen: true })
    const now = () => t.clock.now
    stripe = await startStripeEmulator({
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      webhookUrl: `${t.baseUrl}/api/pay/webhook/stripe`,
      now,
    })
    sbps = await startSbpsEmulator({ ...SBPS_CREDENTIALS, now })
    paypal = await startPaypalEmulator({
      ...PAYPAL_CREDENTIALS,
      webhookUrl: `${t.baseUrl}/api/pay/webhook/paypal`,
      now,
    })
  })

  /** The shopper of the next pay call: a new one every few calls, within the pay calls' rate limit. */
  async function nextShopper(): Promise<Shopper> {
    let shopper = shoppers.at(-1)
    if (!shopper || payCalls >= PAY_CALLS_PER_SHOPPER) {
      const account = await signedInAccount(t, `storm${shoppers.length}@pay.test`, {
        scoreRate: String(SCORE_RATE),
      })
      shopper = { ...account, ...(await insertAddress(t.db, account.userId)) }
      shoppers.push(shopper)
      payCalls = 0
    }
    payCalls += 1
    return shopper
  }
  afterAll(async () => {
    await stripe?.settled()
    await stripe?.close()
    await sbps?.close()
    await paypal?.close()
    await t?.close()
  })

  it.each(providers.map((p) => [p.name, p] as const))(
    '%s: one effect per genuine event',
    async (_, provider) => {
      provider.configure()
      const context: PlanContext = {
        t,
        shopper: nextShopper,
        random,
        uniqueId: () => `${(++counter).toString(36)}${Math.floor(random.next() * 36 ** 6).toString(36)}`,
      }
      const plan = provider.planner(context)
      const plans: PaymentPlan[] = []
      const prepStarted = performance.now()
      while (plans.reduce((sum, p) => sum + p.planned, 0) < DELIVERIES) {
        const made = await plan(plans.length)
        // every other payment of a real provider is first claimed paid at the sandbox's endpoint
        if (provider.name !== 'sandbox' && plans.length % 2 === 0) {
          claimAtSandbox(t, made, `evt_${context.uniqueId()}`)
        }
        plans.push(made)
      }
      const prepMs = performance.now() - prepStarted
      const result = await runStorm(t, provider.name, plans, { concurrency: CONCURRENCY, random })
      const problems = await stormProblems(t, provider.name, plans, result, provider.expected, SCORE_RATE)
      const figures = stormFigures(result)
      pointsSoFar += problems.pointsTotal
      console.log(
        `resilience: webhook-storm provider=${provider.name} engine=${engine} seed=${seed} payments=${plans.length} ` +
          `deliveries=${figures.deliveries} genuine-events=${figures.genuineEvents} ` +
          `effects=${problems.settled} settled + ${problems.ended} ended ` +
          `refused=${figures.forged} forged + ${figures.stale} stale ` +
          `duplicates-absorbed=${figures.duplicatesAbsorbed} (${figures.concurrent} sent at once) ` +
          `prep=${Math.round(prepMs)}ms storm=${Math.round(result.durationMs)}ms`,
      )
      expect(problems.answers).toEqual([])
      expect(problems.changedByRefused).toEqual([])
      expect(problems.effects).toEqual([])
      expect(figures.deliveries).toBeGreaterThanOrEqual(DELIVERIES)
      // the shoppers' balances are the points the settled payments earned, once each
      const balances = await Promise.all(shoppers.map((s) => pointsOf(t.db, s.userId)))
      expect(balances.reduce((sum, points) => sum + points, 0)).toBe(pointsSoFar)
    },
  )

  it('keeps the invariants', async () => {
    const report = await checkInvariants(t.db, { startingStock: await startingStockOf(t) })
    console.log(
      `resilience: webhook-storm invariants engine=${engine} checked=${report.checked} broken=${report.broken.length}`,
    )
    expect(report.broken, describeBroken(report)).toEqual([])
  })
})

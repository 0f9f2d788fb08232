import { orderLines, products, webhookEvents } from '../../server/db/schema.ts'
import { OrderStatus } from '../../src/domain/order-status.ts'
import { PaymentStatus } from '../../src/domain/payment-status.ts'
import { pointsEarned } from '../../src/domain/pricing.ts'
import { effectsOf } from '../server/support/order-fixture.ts'
import type { TestApp } from '../server/support/test-app.ts'

/*
 * The webhook storm's machinery, the same for every provider (webhook-storm.test.ts): a plan per payment
 * (its genuine events and the forged, stale, repeated and concurrent deliveries around them), a runner
 * that plays many plans at once and the late resends after them, and the checks of what the shop kept.
 */

/** What a delivery is: a genuine event (first or repeated), or one the shop must refuse. */
export type DeliveryKind = 'genuine' | 'forged' | 'stale'

/** The answer the shop gave: its status and, where the protocol answers text (SBPS), that text. */
export interface Answer {
  status: number
  text: string
}

/** One request to the shop's webhook endpoint, not yet sent. */
export interface Delivery {
  kind: DeliveryKind
  /** The event id it carries (a genuine event's, or a fresh one the shop never saw genuinely). */
  eventId: string
  /** The answer it must get when not the provider's usual one (a delivery to another endpoint). */
  expected?: Answer
  send(): Promise<Answer>
}

/** One delivery made, with the shop's answer. */
export interface Sent extends Answer {
  provider: string
  paymentId: string
  kind: DeliveryKind
  eventId: string
  /** prep: the emulator's own delivery while the payment was set up; storm: the plan's; later: a resend. */
  phase: 'prep' | 'storm' | 'later'
  /** A genuine event sent together with copies of itself. */
  concurrent: boolean
  expected?: Answer
}

/** A group of deliveries sent at once; built when its turn comes (some events exist only by then). */
export type Step = () => Delivery[] | Promise<Delivery[]>

/** What the storm must leave: the payment paid (1 → 2, effect once) or ended (1 → 4, no effect). */
export type Outcome = 'paid' | 'ended'

export interface PaymentPlan {
  paymentId: string
  orderId: number
  amount: number
  outcome: Outcome
  /** The genuine event ids the plan delivers: exactly these must be in the shop's inbox. */
  genuineEventIds: Set<string>
  /** Deliveries the emulator made while the payment was set up (all to be refused). */
  prep: Sent[]
  /** In order, each group at once. */
  steps: Step[]
  /** Resent after every plan's steps, shuffled among all plans' resends. */
  later: Step[]
  /** How many deliveries the plan makes in all (prep, steps, later). */
  planned: number
}

/** A small seeded PRNG (mulberry32): a failing storm is replayed with RESILIENCE_SEED. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let x = state
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    shuffle<T>(items: T[]): T[] {
      const out = [...items]
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        ;[out[i], out[j]] = [out[j] as T, out[i] as T]
      }
      return out
    },
  }
}
export type Random = ReturnType<typeof seededRandom>

/** `count` identical deliveries (the same request, sent at once). */
export const copies = (count: number, delivery: Delivery): Delivery[] =>
  Array.from({ length: count }, () => delivery)

/** The ids of a plan's genuine deliveries, recorded as the plan is written. */
export function genuineIds(plan: Pick<PaymentPlan, 'genuineEventIds'>, ...ids: string[]): void {
  for (const id of ids) plan.genuineEventIds.add(id)
}

/** What a refused delivery must leave as it was: the payment row, its order, its points and inbox. */
async function snapshot(t: TestApp, paymentId: string): Promise<string> {
  const { payment, order, earnRows, pointsEarned: points } = await effectsOf(t.db, paymentId)
  const inbox = (await t.db.select().from(webhookEvents)).filter((row) => row.paymentId === paymentId)
  return JSON.stringify({
    payment: [payment.status, payment.providerRef, payment.failure, payment.updatedAt, payment.settledAt],
    order: [order.status, order.paidAmount, order.updatedAt],
    earned: [earnRows, points],
    inbox: inbox.map((row) => row.eventId).sort(),
  })
}

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T
      await work(item)
    }
  })
  await Promise.all(runners)
}

export interface StormResult {
  sent: Sent[]
  /** Refused steps after which the payment, its order, points or inbox had changed. */
  changedByRefused: string[]
  durationMs: number
}

/**
 * Plays the plans: `concurrency` plans at a time, each plan's steps in order (a step's deliveries at
 * once); then every plan's `later` resends, shuffled, `concurrency` at a time. A step of only refused
 * deliveries is checked to change nothing of its payment.
 */
export async function runStorm(
  t: TestApp,
  provider: string,
  plans: PaymentPlan[],
  options: { concurrency: number; random: Random },
): Promise<StormResult> {
  const started = performance.now()
  const sent: Sent[] = plans.flatMap((plan) => plan.prep)
  const changedByRefused: string[] = []
  const play = async (plan: PaymentPlan, step: Step, phase: Sent['phase']) => {
    const deliveries = await step()
    const refusedOnly = deliveries.every((d) => d.kind !== 'genuine')
    const before = refusedOnly ? await snapshot(t, plan.paymentId) : ''
    const answers = await Promise.all(deliveries.map((d) => d.send()))
    for (const [index, delivery] of deliveries.entries()) {
      const answer = answers[index] as Answer
      sent.push({
        provider,
        paymentId: plan.paymentId,
        kind: delivery.kind,
        eventId: delivery.eventId,
        expected: delivery.expected,
        phase,
        concurrent:
          delivery.kind === 'genuine' &&
          deliveries.filter((d) => d.kind === 'genuine' && d.eventId === delivery.eventId).length > 1,
        ...answer,
      })
    }
    if (refusedOnly) {
      const after = await snapshot(t, plan.paymentId)
      if (after !== before) {
        changedByRefused.push(
          `${plan.paymentId}: ${deliveries.map((d) => `${d.kind} ${d.eventId}`).join(', ')} changed ${before} → ${after}`,
        )
      }
    }
  }
  await pool(plans, options.concurrency, async (plan) => {
    for (const step of plan.steps) await play(plan, step, 'storm')
  })
  const resends = options.random.shuffle(plans.flatMap((plan) => plan.later.map((step) => ({ plan, step }))))
  await pool(resends, options.concurrency, ({ plan, step }) => play(plan, step, 'later'))
  return { sent, changedByRefused, durationMs: performance.now() - started }
}

/** The status (and text) each kind of delivery must get. */
export interface Expected {
  genuine: Answer
  refused: Answer
}

/**
 * Everything the storm must have left, as lists of what is wrong (empty when all is well): answers
 * other than the protocol's, payments not paid or ended once as planned, order amounts, points and
 * stock, and an inbox holding exactly the genuine events.
 */
export async function stormProblems(
  t: TestApp,
  provider: string,
  plans: PaymentPlan[],
  result: StormResult,
  expected: Expected,
  scoreRate: number,
) {
  const answers: string[] = []
  for (const s of result.sent) {
    const want = s.expected ?? (s.kind === 'genuine' ? expected.genuine : expected.refused)
    if (s.status !== want.status || (want.text !== '' && s.text !== want.text)) {
      answers.push(
        `${s.phase} ${s.kind} ${s.eventId} of ${s.paymentId}: ${s.status} ${JSON.stringify(s.text.slice(0, 120))}`,
      )
    }
  }
  const effects: string[] = []
  const inboxRows = (await t.db.select().from(webhookEvents)).filter((row) => row.gateway === provider)
  const lines = await t.db.select().from(orderLines)
  const stocks = new Map((await t.db.select().from(products)).map((p) => [p.id, p.stock]))
  let settled = 0
  let ended = 0
  let pointsTotal = 0
  for (const plan of plans) {
    const { payment, order, earnRows, pointsEarned: points } = await effectsOf(t.db, plan.paymentId)
    const paid = plan.outcome === 'paid'
    const want = paid
      ? {
          payment: PaymentStatus.pay,
          order: OrderStatus.waitOrder,
          paidAmount: plan.amount,
          earnRows: 1,
          points: pointsEarned(plan.amount, scoreRate),
        }
      : { payment: PaymentStatus.cancel, order: OrderStatus.waitPay, paidAmount: 0, earnRows: 0, points: 0 }
    const got = {
      payment: payment.status,
      order: order.status,
      paidAmount: order.paidAmount,
      earnRows,
      points,
    }
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      effects.push(
        `${plan.paymentId} (${plan.outcome}): ${JSON.stringify(got)}, want ${JSON.stringify(want)}`,
      )
    }
    if (payment.status === PaymentStatus.pay) settled += 1
    if (payment.status === PaymentStatus.cancel) ended += 1
    pointsTotal += points
    for (const line of lines.filter((l) => l.orderId === plan.orderId && l.stockReserved > 0)) {
      // a deposit neither takes nor gives back stock: the unit the order reserved stays reserved
      const stock = stocks.get(line.productId)
      if (stock !== 4) effects.push(`${plan.paymentId}: product ${line.productId} stock ${stock}, want 4`)
    }
    const inbox = inboxRows
      .filter((row) => row.paymentId === plan.paymentId)
      .map((row) => row.eventId)
      .sort()
    const genuine = [...plan.genuineEventIds].sort()
    if (JSON.stringify(inbox) !== JSON.stringify(genuine)) {
      effects.push(`${plan.paymentId}: inbox ${JSON.stringify(inbox)}, genuine ${JSON.stringify(genuine)}`)
    }
  }
  return { answers, effects, changedByRefused: result.changedByRefused, settled, ended, pointsTotal }
}

/** The figures of one provider's storm on one engine. */
export function stormFigures(result: StormResult) {
  const genuine = result.sent.filter((s) => s.kind === 'genuine')
  const events = new Set(genuine.map((s) => s.eventId)).size
  return {
    deliveries: result.sent.length,
    genuineEvents: events,
    genuineDeliveries: genuine.length,
    duplicatesAbsorbed: genuine.length - events,
    concurrent: result.sent.filter((s) => s.concurrent).length,
    forged: result.sent.filter((s) => s.kind === 'forged').length,
    stale: result.sent.filter((s) => s.kind === 'stale').length,
  }
}

/** A JSON POST to the shop, answering its status and text. */
export async function postTo(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  const response = await fetch(url, { method: 'POST', headers, body })
  return { status: response.status, text: await response.text() }
}

/**
 * The stock each stocked product of the storm's orders started with: insertWaitPayOrder makes it 5 and
 * reserves one for its order (4 left), for checkInvariants' stock check.
 */
export async function startingStockOf(t: TestApp): Promise<Map<number, number>> {
  const lines = await t.db.select().from(orderLines)
  return new Map(lines.filter((line) => line.stockReserved > 0).map((line) => [line.productId, 5]))
}

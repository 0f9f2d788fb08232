import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import {
  type FinalPaymentActor,
  finalPaymentMachine,
} from '../../machines/final-payment/final-payment.machine.ts'
import {
  parseSavedFinalPayment,
  type SavedFinalPayment,
} from '../../machines/final-payment/final-payment-saved-state.ts'
import type {
  BalanceOrder,
  FinalPaymentFailure,
  FinalPayRequest,
} from '../../machines/final-payment/final-payment-types.ts'
import { payFlowView } from '../../machines/payment/pay-flow.ts'
import type { DeadlineState } from '../../src/domain/deadlines.ts'
import type { OrderStatus } from '../../src/domain/order-status.ts'
import { FakePayments, flowRunner, returnedFlow, settle } from './pay-flow-fakes.ts'
import { describePayingFlow } from './pay-flow-suites.ts'

const OWNER = 'customer:7'
const ORDER_ID = 41
const AMOUNT_DUE = 18_240

/**
 * A stand-in for the server's order and balance-payment calls with their idempotency keys: a key seen
 * before answers as the first time and makes nothing new. `loseAnswers` makes it act and then fail to
 * answer (the connection dropped after the server did the work); `offline` refuses to be reached.
 */
class FakeShop extends FakePayments<FinalPayRequest> {
  constructor() {
    super(() => ({ purpose: 'balance', amount: 17_740, pointsUsed: 500, target: [ORDER_ID] }))
  }

  orderStatus: OrderStatus = 5
  deadlineState: DeadlineState = 'overdue'
  amountDue = AMOUNT_DUE
  readonly orderReads: number[] = []

  readOrder = async ({ input }: { input: { orderId: number } }): Promise<BalanceOrder> => {
    if (this.offline) throw { kind: 'offline' } satisfies FinalPaymentFailure
    this.orderReads.push(input.orderId)
    return {
      id: input.orderId,
      status: this.orderStatus,
      deadlineState: this.deadlineState,
      amountDue: this.amountDue,
    }
  }
}

/** Started and reloaded as the feature does: save, parse, restore. */
const { start, reload } = flowRunner(
  finalPaymentMachine,
  (shop: FakeShop) => ({ readOrder: fromPromise(shop.readOrder) }),
  parseSavedFinalPayment,
  OWNER,
)

async function toChoosing(shop: FakeShop): Promise<FinalPaymentActor> {
  const actor = start(shop, { orderId: ORDER_ID })
  await waitFor(actor, (s) => s.matches('choosing'))
  return actor
}

function choose(actor: FinalPaymentActor): void {
  actor.send({ type: 'CHOOSE', route: 'sbps', method: 2 })
  actor.send({ type: 'SET_POINTS', points: 500 })
}

describe('final payment machine: choosing', () => {
  it('reads the order first, then waits for the shopper with the amount due', async () => {
    const shop = new FakeShop()
    const actor = start(shop, { orderId: ORDER_ID })
    expect(actor.getSnapshot().value).toBe('checkingOrder')
    const choosing = await waitFor(actor, (s) => s.matches('choosing'))
    expect(shop.orderReads).toEqual([ORDER_ID])
    expect(choosing.context).toMatchObject({ orderStatus: 5, amountDue: AMOUNT_DUE, points: 0, payKey: null })
    await settle()
    expect(shop.payCalls).toEqual([])
  })

  it('ignores a type the route does not offer, and Pay without a route', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    actor.send({ type: 'CHOOSE', route: 'paypal', method: 1 })
    expect(actor.getSnapshot().context.choice).toBeNull()
    actor.send({ type: 'PAY' })
    expect(actor.getSnapshot().value).toBe('choosing')
    await settle()
    expect(shop.payCalls).toEqual([])
  })

  it('keeps whole points only, never more than the amount due', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    actor.send({ type: 'SET_POINTS', points: 300 })
    expect(actor.getSnapshot().context.points).toBe(300)
    actor.send({ type: 'SET_POINTS', points: 2.5 })
    actor.send({ type: 'SET_POINTS', points: -1 })
    expect(actor.getSnapshot().context.points).toBe(300)
    actor.send({ type: 'SET_POINTS', points: 1_000_000 })
    expect(actor.getSnapshot().context.points).toBe(AMOUNT_DUE)
  })

  it('an order already paid, forfeited or not awaiting its balance is not offered for payment', async () => {
    const shop = new FakeShop()
    shop.orderStatus = 6
    expect((await waitFor(start(shop, { orderId: ORDER_ID }), (s) => s.matches('paid'))).value).toBe('paid')
    shop.orderStatus = 15
    await waitFor(start(shop, { orderId: ORDER_ID }), (s) => s.matches('forfeited'))
    // past the last day, before the sweep has cancelled it
    shop.orderStatus = 5
    shop.deadlineState = 'forfeited'
    await waitFor(start(shop, { orderId: ORDER_ID }), (s) => s.matches('forfeited'))
    shop.orderStatus = 4
    shop.deadlineState = 'onTime'
    await waitFor(start(shop, { orderId: ORDER_ID }), (s) => s.matches('orderClosed'))
    expect(shop.payCalls).toEqual([])
  })

  it('an unreadable order (404) is closed', async () => {
    const shop = new FakeShop()
    shop.readOrder = async () => {
      throw { kind: 'notFound' } satisfies FinalPaymentFailure
    }
    await waitFor(start(shop, { orderId: ORDER_ID }), (s) => s.matches('orderClosed'))
  })
})

describe('final payment machine: paying', () => {
  it('pays with the route, type, points and a key of its own, then goes to the gateway', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    actor.send({ type: 'PAY' })
    expect(payFlowView(actor.getSnapshot()).matches('paying')).toBe(true)
    const redirecting = await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    const [payCall] = shop.payCalls
    expect(shop.payCalls).toEqual([
      { key: payCall?.key, orderId: ORDER_ID, route: 'sbps', method: 2, points: 500 },
    ])
    expect(payCall?.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(redirecting.context.payKey).toBe(payCall?.key)
    expect(redirecting.context.payment).toEqual({ paymentId: 'pay_1', redirectUrl: '/sandbox-pay/pay_1' })
  })

  it('says so when offline before the call reaches anyone, and waits', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    shop.offline = true
    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => payFlowView(s).matches({ payOffline: 'waiting' }))
    await settle()
    expect(payFlowView(actor.getSnapshot()).matches({ payOffline: 'waiting' })).toBe(true)
    expect(shop.payCalls).toEqual([])
  })

  it('a forfeiture refusal ends the flow as forfeited', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    shop.refuseNext = { kind: 'forfeited', message: 'The goods of this order were forfeited' }
    actor.send({ type: 'PAY' })
    const forfeited = await waitFor(actor, (s) => s.matches('forfeited'))
    expect(forfeited.context.error?.kind).toBe('forfeited')
    actor.send({ type: 'PAY' })
    expect(actor.getSnapshot().value).toBe('forfeited')
  })

  it('another refusal keeps its message and reads the order again: it moves where the server says', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    shop.refuseNext = { kind: 'refused', message: 'This order is not awaiting its balance' }
    shop.orderStatus = 6
    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => s.matches('paid'))
    expect(shop.orderReads).toHaveLength(2)

    const other = new FakeShop()
    const again = await toChoosing(other)
    choose(again)
    other.refuseNext = { kind: 'refused', message: 'Stripe: amount below the minimum' }
    again.send({ type: 'PAY' })
    const back = await waitFor(again, (s) => s.matches('choosing') && other.orderReads.length === 2)
    expect(back.context.error).toEqual({ kind: 'refused', message: 'Stripe: amount below the minimum' })
    expect(back.context.payKey).toBeNull()
  })

  it('an order gone (404) closes the flow', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    shop.refuseNext = { kind: 'notFound' }
    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => s.matches('orderClosed'))
  })
})

describe('final payment machine: back from the gateway', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const returnedWith = (shop: FakeShop) => returnedFlow((input) => start(shop, input))

  it('a declined or cancelled payment can be paid again: the order is read first, with a new attempt', async () => {
    const shop = new FakeShop()
    shop.payments.set('pay_1', { status: 4, failure: 'declined' })
    const actor = await returnedWith(shop)
    actor.send({ type: 'PAY_AGAIN' })
    await vi.advanceTimersByTimeAsync(0)
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('choosing')
    expect(snapshot.context).toMatchObject({ orderId: ORDER_ID, payment: null, payKey: null })
    expect(shop.orderReads).toEqual([ORDER_ID])
  })
})

describe('final payment machine: saved and restored', () => {
  it('continues from a saved snapshot: reads the order again, then pays once', async () => {
    const shop = new FakeShop()
    const first = await toChoosing(shop)
    choose(first)
    const restored = reload(shop, first)
    expect(restored.getSnapshot().value).toBe('choosing')
    expect(restored.getSnapshot().context).toMatchObject({
      choice: { route: 'sbps', method: 2 },
      points: 500,
    })

    // the late fee grew overnight; the points asked for still fit
    shop.amountDue = AMOUNT_DUE + 92
    restored.send({ type: 'RESUME' })
    await waitFor(restored, (s) => s.matches('choosing') && s.context.amountDue === AMOUNT_DUE + 92)
    restored.send({ type: 'PAY' })
    await waitFor(restored, (s) => payFlowView(s).matches('redirecting'))
    expect(shop.payCalls).toHaveLength(1)
    expect(shop.orderReads).toHaveLength(2)
  })

  it('restored after the goods were forfeited: forfeited, without a pay call', async () => {
    const shop = new FakeShop()
    const restored = reload(shop, await toChoosing(shop))
    shop.orderStatus = 15
    restored.send({ type: 'RESUME' })
    await waitFor(restored, (s) => s.matches('forfeited'))
    expect(shop.payCalls).toEqual([])
  })

  it('a saved final payment is restored only for its shopper and only when whole', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as SavedFinalPayment
    expect(parseSavedFinalPayment(persisted, OWNER)?.value).toBe('choosing')
    expect(parseSavedFinalPayment(persisted, 'customer:8')).toBeUndefined()
    expect(parseSavedFinalPayment({ ...persisted, value: 'teleporting' }, OWNER)).toBeUndefined()
    expect(parseSavedFinalPayment({ ...persisted, value: { returned: 'nowhere' } }, OWNER)).toBeUndefined()
    expect(
      parseSavedFinalPayment({ ...persisted, context: { ...persisted.context, points: -5 } }, OWNER),
    ).toBeUndefined()
    expect(
      parseSavedFinalPayment(
        { ...persisted, context: { ...persisted.context, choice: { route: 'cash', method: 1 } } },
        OWNER,
      ),
    ).toBeUndefined()
    expect(parseSavedFinalPayment({ ...persisted, status: 'done' }, OWNER)).toBeUndefined()
    expect(parseSavedFinalPayment(null, OWNER)).toBeUndefined()
  })
})

describePayingFlow('final payment machine', {
  shop: () => new FakeShop(),
  ready: toChoosing,
  choose,
  readyState: 'choosing',
  start,
  reload,
  paidMeanwhile: (shop) => {
    shop.orderStatus = 6
  },
  learned: (context) => expect(context).toMatchObject({ orderId: ORDER_ID, payStatus: { amount: 17_740 } }),
})

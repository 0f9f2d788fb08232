import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { finalPaymentMachine } from '../../machines/final-payment/final-payment.machine.ts'
import { parseSavedFinalPayment } from '../../machines/final-payment/final-payment-saved-state.ts'
import type {
  BalanceOrder,
  FinalPaymentFailure,
  FinalPayRequest,
} from '../../machines/final-payment/final-payment-types.ts'
import type { DeadlineState } from '../../src/domain/deadlines.ts'
import type { OrderStatus } from '../../src/domain/order-status.ts'
import { FakePayments, settle } from './pay-flow-fakes.ts'
import { expectNoPayIn, payingFlow } from './pay-flow-harness.ts'
import { describePayingFlow } from './pay-flow-suites.ts'

const ORDER_ID = 41
const AMOUNT_DUE = 18_240

/** The server's order reads and its balance's pay calls (FakePayments). */
class FakeShop extends FakePayments<FinalPayRequest> {
  constructor() {
    super(() => ({ purpose: 'balance', amount: 17_740, pointsUsed: 500, target: [ORDER_ID] }))
  }

  orderStatus: OrderStatus = 5
  deadlineState: DeadlineState = 'overdue'
  amountDue = AMOUNT_DUE
  readonly orderReads: number[] = []

  readOrder = async ({ input }: { input: { orderId: number } }): Promise<BalanceOrder> => {
    this.reach()
    this.orderReads.push(input.orderId)
    return {
      id: input.orderId,
      status: this.orderStatus,
      deadlineState: this.deadlineState,
      amountDue: this.amountDue,
    }
  }
}

const flow = payingFlow({
  machine: finalPaymentMachine,
  parse: parseSavedFinalPayment,
  shop: () => new FakeShop(),
  calls: ['readOrder'],
  input: { orderId: ORDER_ID },
  readyState: 'choosing',
  /** PayPay through the Japanese gateway, 500 points. */
  choose(actor) {
    actor.send({ type: 'CHOOSE', route: 'sbps', method: 2 })
    actor.send({ type: 'SET_POINTS', points: 500 })
  },
})
const { start } = flow

describe('final payment machine: choosing', () => {
  it('reads the order first, then waits for the shopper with the amount due', async () => {
    const { shop, ready } = await flow.openedToChoice('checkingOrder')
    expect(shop.orderReads).toEqual([ORDER_ID])
    expect(ready.context).toMatchObject({ orderStatus: 5, amountDue: AMOUNT_DUE, points: 0, payKey: null })
  })

  it('ignores a type the route does not offer, and Pay without a route', async () => {
    const { shop, actor } = await flow.readyToChoose()
    actor.send({ type: 'CHOOSE', route: 'paypal', method: 1 })
    expect(actor.getSnapshot().context.choice).toBeNull()
    actor.send({ type: 'PAY' })
    expect(actor.getSnapshot().value).toBe('choosing')
    await settle()
    expect(shop.payCalls).toEqual([])
  })

  it('keeps whole points only, never more than the amount due', async () => {
    const { actor } = await flow.readyToChoose()
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
    expect((await waitFor(start(shop), (s) => s.matches('paid'))).value).toBe('paid')
    shop.orderStatus = 15
    await waitFor(start(shop), (s) => s.matches('forfeited'))
    // past the last day, before the sweep has cancelled it
    shop.orderStatus = 5
    shop.deadlineState = 'forfeited'
    await waitFor(start(shop), (s) => s.matches('forfeited'))
    shop.orderStatus = 4
    shop.deadlineState = 'onTime'
    await waitFor(start(shop), (s) => s.matches('orderClosed'))
    expect(shop.payCalls).toEqual([])
  })

  it('an unreadable order (404) is closed', async () => {
    const shop = new FakeShop()
    shop.readOrder = async () => {
      throw { kind: 'notFound' } satisfies FinalPaymentFailure
    }
    await waitFor(start(shop), (s) => s.matches('orderClosed'))
  })

  it('offline before the order is read: waits, and reads once the connection is back', () =>
    flow.expectOpensOffline())
})

describe('final payment machine: paying', () => {
  it('a forfeiture refusal ends the flow as forfeited', async () => {
    const { actor, snapshot } = await flow.refusedInto(
      { kind: 'forfeited', message: 'The goods of this order were forfeited' },
      'forfeited',
    )
    expect(snapshot.context.error?.kind).toBe('forfeited')
    expectNoPayIn(actor, 'forfeited')
  })

  it('another refusal keeps its message and reads the order again: it moves where the server says', async () => {
    const paidMeanwhile = await flow.refusedInto(
      { kind: 'refused', message: 'This order is not awaiting its balance' },
      'paid',
      (shop) => {
        shop.orderStatus = 6
      },
    )
    expect(paidMeanwhile.shop.orderReads).toHaveLength(2)

    const refused = { kind: 'refused', message: 'Stripe: amount below the minimum' }
    const { shop, snapshot } = await flow.refusedInto(refused, 'choosing')
    expect(shop.orderReads).toHaveLength(2)
    expect(snapshot.context.error).toEqual(refused)
    expect(snapshot.context.payKey).toBeNull()
  })

  it('an order gone (404) closes the flow', () => flow.refusedInto({ kind: 'notFound' }, 'orderClosed'))
})

describePayingFlow('final payment machine', flow, {
  payCall: { orderId: ORDER_ID, route: 'sbps', method: 2, points: 500 },
  kept: () => ({ choice: { route: 'sbps', method: 2 }, points: 500 }),
  target: { orderId: ORDER_ID },
  paidStatus: { purpose: 'balance', amount: 17_740 },
  reads: (shop) => [shop.orderReads.length],
  changedOvernight(shop) {
    // the late fee grew overnight; the points asked for still fit
    shop.amountDue = AMOUNT_DUE + 92
    return { amountDue: AMOUNT_DUE + 92, points: 500 }
  },
  movedOn: [
    { meanwhile: 'the webhook paid it', server: { orderStatus: 6 }, endsIn: 'paid' },
    {
      meanwhile: 'the goods were forfeited',
      server: { orderStatus: 15 },
      endsIn: 'forfeited',
    },
  ],
  otherChoices: [
    {
      what: 'amount of points',
      choose: (actor) => actor.send({ type: 'SET_POINTS', points: 300 }),
      payCall: { points: 300 },
    },
  ],
  saved: { damaged: [{ context: { points: -5 } }], inFlight: ['checkingOrder'] },
})

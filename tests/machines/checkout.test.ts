import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { checkoutMachine } from '../../machines/checkout/checkout.machine.ts'
import { parseSavedCheckout } from '../../machines/checkout/checkout-saved-state.ts'
import type { CreateOrderInput, PayRequest } from '../../machines/checkout/checkout-types.ts'
import { payFlowView } from '../../machines/payment/pay-flow.ts'
import type { OrderStatus } from '../../src/domain/order-status.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import { FakePayments, settle } from './pay-flow-fakes.ts'
import { payingFlow } from './pay-flow-harness.ts'
import { describePayingFlow } from './pay-flow-suites.ts'

const ORDER_ID = 31

/** The server's order calls, with their idempotency keys, and its deposit's pay calls (FakePayments). */
class FakeShop extends FakePayments<PayRequest> {
  constructor() {
    super(() => ({ purpose: 'deposit', amount: 3840, pointsUsed: 0, target: [ORDER_ID] }))
  }

  orderStatus: OrderStatus = 2
  readonly orderCalls: CreateOrderInput[] = []
  readonly orderReads: number[] = []
  private readonly orderAnswers = new Map<string, OrderDto>()

  createOrder = async ({ input }: { input: CreateOrderInput }): Promise<OrderDto> => {
    this.reach()
    this.orderCalls.push(input)
    this.refuse()
    let order = this.orderAnswers.get(input.key)
    if (!order) {
      order = { id: ORDER_ID + this.orderAnswers.size, status: 2 } as OrderDto
      this.orderAnswers.set(input.key, order)
    }
    return this.answer(order)
  }

  readOrder = async ({ input }: { input: { orderId: number } }) => {
    this.reach()
    this.orderReads.push(input.orderId)
    return { id: input.orderId, status: this.orderStatus }
  }
}

const flow = payingFlow({
  machine: checkoutMachine,
  parse: parseSavedCheckout,
  shop: () => new FakeShop(),
  calls: ['createOrder', 'readOrder'],
  input: { cartLineIds: [1001, 1002], points: 200 },
  opened: (actor) => actor.send({ type: 'CONFIRM' }),
  readyState: 'awaitingPayment',
  /** PayPay through the Japanese gateway, to the address 5. */
  choose(actor) {
    actor.send({ type: 'CHOOSE', route: 'sbps', method: 3 })
    actor.send({ type: 'SELECT_ADDRESS', addressId: 5 })
  },
})
const { start, reload } = flow

describe('checkout machine: the order', () => {
  it('waits for the confirmation, then creates the order once with one key, the lines and the points', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    expect(actor.getSnapshot().value).toBe('confirm')
    await settle()
    expect(shop.orderCalls).toEqual([])

    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().value).toBe('creating')
    const done = await waitFor(actor, (s) => s.matches('awaitingPayment'))
    expect(done.context.orderId).toBe(ORDER_ID)
    const [orderCall] = shop.orderCalls
    expect(shop.orderCalls).toEqual([{ key: orderCall?.key, cartLineIds: [1001, 1002], points: 200 }])
    expect(typeof orderCall?.key).toBe('string')
    expect(done.context.createKey).toBe(orderCall?.key)
  })

  it('keeps a refusal for the dialog and makes a new key for the next confirmation', async () => {
    const shop = new FakeShop()
    const actor = start(shop, { cartLineIds: [1001] })
    shop.refuseNext = { kind: 'refused', message: '商品 3：This item is out of stock' }
    actor.send({ type: 'CONFIRM' })
    const refused = await waitFor(actor, (s) => s.matches('confirm') && s.context.error !== null)
    expect(refused.context.error).toEqual({ kind: 'refused', message: '商品 3：This item is out of stock' })
    expect(refused.context.createKey).toBeNull()

    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await waitFor(actor, (s) => s.matches('awaitingPayment'))
    expect(shop.orderCalls).toHaveLength(2)
    expect(shop.orderCalls[0]?.key).not.toBe(shop.orderCalls[1]?.key)
  })

  it('without an answer waits for the shopper and retries with the same key: one order', async () => {
    const shop = new FakeShop()
    shop.loseAnswers = true
    const actor = start(shop, { cartLineIds: [1001] })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches({ createOffline: 'waiting' }))
    // back online: nothing is sent until the shopper says so
    shop.loseAnswers = false
    actor.send({ type: 'ONLINE' })
    await settle()
    expect(actor.getSnapshot().matches({ createOffline: 'ready' })).toBe(true)
    expect(shop.orderCalls).toHaveLength(1)

    actor.send({ type: 'RETRY' })
    const done = await waitFor(actor, (s) => s.matches('awaitingPayment'))
    expect(shop.orderCalls).toHaveLength(2)
    expect(shop.orderCalls[1]?.key).toBe(shop.orderCalls[0]?.key)
    // the server answered the first order
    expect(done.context.orderId).toBe(ORDER_ID)
  })
})

describe('checkout machine: the payment', () => {
  it('asks for an address before paying and sends nothing without one', async () => {
    const { shop, actor } = await flow.readyToChoose()
    actor.send({ type: 'CHOOSE', route: 'card', method: 1 })
    actor.send({ type: 'PAY' })
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('awaitingPayment')
    expect(snapshot.context.error).toEqual({ kind: 'address', message: 'please select a delivery address' })
    await settle()
    expect(shop.payCalls).toEqual([])
  })

  it('ignores a type the route does not offer, and Pay without a route', async () => {
    const { actor } = await flow.readyToChoose()
    actor.send({ type: 'SELECT_ADDRESS', addressId: 5 })
    actor.send({ type: 'CHOOSE', route: 'card', method: 3 })
    expect(actor.getSnapshot().context.choice).toBeNull()
    actor.send({ type: 'PAY' })
    expect(actor.getSnapshot().value).toBe('awaitingPayment')
  })

  it('keeps the latch and address refusals for the panel; the next attempt gets a new key', async () => {
    const latchClosed = { kind: 'latchClosed', message: 'Payment is currently unavailable' }
    const { shop, actor, snapshot } = await flow.refusedInto(latchClosed, 'awaitingPayment')
    expect(snapshot.context.error).toEqual(latchClosed)

    shop.refuseNext = { kind: 'address', message: 'addressId: please select a delivery address' }
    actor.send({ type: 'PAY' })
    const refused = await waitFor(
      actor,
      (s) => s.matches('awaitingPayment') && s.context.error?.kind === 'address',
    )
    expect(refused.context.payKey).toBeNull()

    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    expect(shop.payCalls).toHaveLength(3)
    expect(new Set(shop.payCalls.map((call) => call.key)).size).toBe(3)
  })

  it('an order gone (404) closes the checkout', () => flow.refusedInto({ kind: 'notFound' }, 'orderClosed'))
})

describe('checkout machine: saved and restored', () => {
  it('restored while the order was being created: waits, then resends with the same key', async () => {
    const shop = new FakeShop()
    shop.loseAnswers = true
    const first = start(shop, { cartLineIds: [1001] })
    first.send({ type: 'CONFIRM' })
    const restored = reload(shop, first)
    shop.loseAnswers = false
    await settle()
    expect(restored.getSnapshot().value).toBe('suspended')
    expect(shop.orderCalls).toHaveLength(1)
    restored.send({ type: 'RESUME' })
    await waitFor(restored, (s) => s.matches('awaitingPayment'))
    expect(shop.orderCalls.map((call) => call.key)).toEqual([
      shop.orderCalls[0]?.key,
      shop.orderCalls[0]?.key,
    ])
  })
})

describePayingFlow('checkout machine', flow, {
  payCall: { orderId: ORDER_ID, addressId: 5, route: 'sbps', method: 3 },
  kept: () => ({ orderId: ORDER_ID, choice: { route: 'sbps', method: 3 }, addressId: 5 }),
  target: { orderId: ORDER_ID },
  paidStatus: { purpose: 'deposit', amount: 3840 },
  reads: (shop) => [shop.orderReads.length],
  otherWrites: (shop) => shop.orderCalls,
  movedOn: [
    { meanwhile: 'the webhook paid it', server: { orderStatus: 3 }, endsIn: 'paid' },
    {
      meanwhile: 'the order was cancelled',
      server: { orderStatus: 1 },
      endsIn: 'orderClosed',
      context: { orderStatus: 1 },
    },
  ],
  otherChoices: [
    {
      what: 'address',
      choose: (actor) => actor.send({ type: 'SELECT_ADDRESS', addressId: 6 }),
      payCall: { addressId: 6 },
    },
  ],
  saved: {
    damaged: [{ context: { orderId: '31' } }, { context: { choice: { route: 'cash' } } }],
    inFlight: ['creating', 'checkingOrder'],
  },
})

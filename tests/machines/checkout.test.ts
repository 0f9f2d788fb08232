import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import { type CheckoutActor, checkoutMachine } from '../../machines/checkout/checkout.machine.ts'
import { parseSavedCheckout, type SavedCheckout } from '../../machines/checkout/checkout-saved-state.ts'
import type { CheckoutFailure, CreateOrderInput, PayRequest } from '../../machines/checkout/checkout-types.ts'
import { payFlowView } from '../../machines/payment/pay-flow.ts'
import type { OrderStatus } from '../../src/domain/order-status.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import { FakePayments, flowRunner, returnedFlow, settle } from './pay-flow-fakes.ts'
import { describePayingFlow } from './pay-flow-suites.ts'

const OWNER = 'customer:7'
const ORDER_ID = 31

/**
 * A stand-in for the server's order and payment calls with their idempotency keys: a key seen before
 * answers as the first time and makes nothing new. `loseAnswers` makes it act and then fail to answer
 * (the connection dropped after the server did the work); `offline` refuses to be reached at all.
 */
class FakeShop extends FakePayments<PayRequest> {
  constructor() {
    super(() => ({ purpose: 'deposit', amount: 3840, pointsUsed: 0, target: [ORDER_ID] }))
  }

  /** The next createOrder / pay call is refused with this failure. */
  orderStatus: OrderStatus = 2
  readonly orderCalls: CreateOrderInput[] = []
  private readonly orderAnswers = new Map<string, OrderDto>()

  createOrder = async ({ input }: { input: CreateOrderInput }): Promise<OrderDto> => {
    if (this.offline) throw { kind: 'offline' } satisfies CheckoutFailure
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
    if (this.offline) throw { kind: 'offline' } satisfies CheckoutFailure
    return { id: input.orderId, status: this.orderStatus }
  }

  private refuse(): void {
    const failure = this.refuseNext
    this.refuseNext = undefined
    if (failure) throw failure
  }

  private answer<T>(value: T): T {
    if (this.loseAnswers) throw { kind: 'offline' } satisfies CheckoutFailure
    return value
  }
}

/** Started and reloaded as the feature does: save, parse, restore. */
const { start, reload } = flowRunner(
  checkoutMachine,
  (shop: FakeShop) => ({
    createOrder: fromPromise(shop.createOrder),
    readOrder: fromPromise(shop.readOrder),
  }),
  parseSavedCheckout,
  OWNER,
)

async function toAwaitingPayment(shop: FakeShop): Promise<CheckoutActor> {
  const actor = start(shop, { cartLineIds: [1001, 1002], points: 200 })
  actor.send({ type: 'CONFIRM' })
  await waitFor(actor, (s) => s.matches('awaitingPayment'))
  return actor
}

function choose(actor: CheckoutActor): void {
  actor.send({ type: 'CHOOSE', route: 'sbps', method: 3 })
  actor.send({ type: 'SELECT_ADDRESS', addressId: 5 })
}

describe('checkout machine: the order', () => {
  it('waits for the confirmation, then creates the order once with one key, the lines and the points', async () => {
    const shop = new FakeShop()
    const actor = start(shop, { cartLineIds: [1001, 1002], points: 200 })
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
    const shop = new FakeShop()
    const actor = await toAwaitingPayment(shop)
    actor.send({ type: 'CHOOSE', route: 'card', method: 1 })
    actor.send({ type: 'PAY' })
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('awaitingPayment')
    expect(snapshot.context.error).toEqual({ kind: 'address', message: 'please select a delivery address' })
    await settle()
    expect(shop.payCalls).toEqual([])
  })

  it('ignores a type the route does not offer, and Pay without a route', async () => {
    const shop = new FakeShop()
    const actor = await toAwaitingPayment(shop)
    actor.send({ type: 'SELECT_ADDRESS', addressId: 5 })
    actor.send({ type: 'CHOOSE', route: 'card', method: 3 })
    expect(actor.getSnapshot().context.choice).toBeNull()
    actor.send({ type: 'PAY' })
    expect(actor.getSnapshot().value).toBe('awaitingPayment')
  })

  it('pays with the route, type, address and a key of its own, then goes to the gateway', async () => {
    const shop = new FakeShop()
    const actor = await toAwaitingPayment(shop)
    choose(actor)
    actor.send({ type: 'PAY' })
    expect(payFlowView(actor.getSnapshot()).matches('paying')).toBe(true)
    const redirecting = await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    const [payCall] = shop.payCalls
    expect(shop.payCalls).toEqual([
      { key: payCall?.key, orderId: ORDER_ID, addressId: 5, route: 'sbps', method: 3 },
    ])
    expect(typeof payCall?.key).toBe('string')
    expect(payCall?.key).not.toBe(redirecting.context.createKey)
    expect(redirecting.context.payment).toEqual({ paymentId: 'pay_1', redirectUrl: '/sandbox-pay/pay_1' })
  })

  it('keeps the latch and address refusals for the panel; the next attempt gets a new key', async () => {
    const shop = new FakeShop()
    const actor = await toAwaitingPayment(shop)
    choose(actor)
    shop.refuseNext = { kind: 'latchClosed', message: 'Payment is currently unavailable' }
    actor.send({ type: 'PAY' })
    let snapshot = await waitFor(actor, (s) => s.matches('awaitingPayment') && s.context.error !== null)
    expect(snapshot.context.error).toEqual({
      kind: 'latchClosed',
      message: 'Payment is currently unavailable',
    })

    shop.refuseNext = { kind: 'address', message: 'addressId: please select a delivery address' }
    actor.send({ type: 'PAY' })
    snapshot = await waitFor(
      actor,
      (s) => s.matches('awaitingPayment') && s.context.error?.kind === 'address',
    )
    expect(snapshot.context.payKey).toBeNull()

    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    expect(shop.payCalls).toHaveLength(3)
    expect(new Set(shop.payCalls.map((call) => call.key)).size).toBe(3)
  })

  it('an order gone (404) closes the checkout', async () => {
    const shop = new FakeShop()
    const actor = await toAwaitingPayment(shop)
    choose(actor)
    shop.refuseNext = { kind: 'notFound' }
    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => s.matches('orderClosed'))
  })

  it('a new route or address after a refusal starts a new attempt', async () => {
    const shop = new FakeShop()
    const actor = await toAwaitingPayment(shop)
    choose(actor)
    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    // back from the gateway without paying: another way
    actor.send({ type: 'PAY_AGAIN' })
    const again = actor.getSnapshot()
    expect(again.value).toBe('awaitingPayment')
    expect(again.context.payment).toBeNull()
    expect(again.context.payKey).toBeNull()
    actor.send({ type: 'CHOOSE', route: 'paypal', method: 0 })
    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    expect(shop.payCalls.map((call) => call.route)).toEqual(['sbps', 'paypal'])
    expect(shop.payCalls[0]?.key).not.toBe(shop.payCalls[1]?.key)
  })
})

describe('checkout machine: back from the gateway', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const returnedWith = (shop: FakeShop) => returnedFlow((input) => start(shop, input))

  it('a cancelled payment can be paid again: the order is read first', async () => {
    const shop = new FakeShop()
    shop.payments.set('pay_1', { status: 4, failure: null })
    const actor = await returnedWith(shop)
    actor.send({ type: 'PAY_AGAIN' })
    await vi.advanceTimersByTimeAsync(0)
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('awaitingPayment')
    expect(snapshot.context.payment).toBeNull()
  })
})

describe('checkout machine: saved and restored', () => {
  it('continues from a saved snapshot (getPersistedSnapshot → createActor with it)', async () => {
    const shop = new FakeShop()
    const first = await toAwaitingPayment(shop)
    choose(first)
    const restored = reload(shop, first)
    expect(restored.getSnapshot().value).toBe('awaitingPayment')
    expect(restored.getSnapshot().context.choice).toEqual({ route: 'sbps', method: 3 })

    restored.send({ type: 'RESUME' })
    await waitFor(restored, (s) => s.matches('awaitingPayment'))
    restored.send({ type: 'PAY' })
    await waitFor(restored, (s) => payFlowView(s).matches('redirecting'))
    expect(shop.payCalls).toHaveLength(1)
    expect(shop.orderCalls).toHaveLength(1)
  })

  it('restored when the order was cancelled meanwhile: closed', async () => {
    const shop = new FakeShop()
    const restored = reload(shop, await toAwaitingPayment(shop))
    shop.orderStatus = 1
    restored.send({ type: 'RESUME' })
    const closed = await waitFor(restored, (s) => s.matches('orderClosed'))
    expect(closed.context.orderStatus).toBe(1)
  })

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

  it('a saved checkout is restored only for its shopper and only when whole', async () => {
    const shop = new FakeShop()
    const actor = await toAwaitingPayment(shop)
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as SavedCheckout
    expect(parseSavedCheckout(persisted, OWNER)?.value).toBe('awaitingPayment')
    expect(parseSavedCheckout(persisted, 'customer:8')).toBeUndefined()
    expect(parseSavedCheckout({ ...persisted, value: 'teleporting' }, OWNER)).toBeUndefined()
    expect(parseSavedCheckout({ ...persisted, value: { returned: 'nowhere' } }, OWNER)).toBeUndefined()
    expect(
      parseSavedCheckout({ ...persisted, context: { ...persisted.context, orderId: '31' } }, OWNER),
    ).toBe(undefined)
    expect(
      parseSavedCheckout(
        { ...persisted, context: { ...persisted.context, choice: { route: 'cash' } } },
        OWNER,
      ),
    ).toBeUndefined()
    expect(parseSavedCheckout({ ...persisted, status: 'done' }, OWNER)).toBeUndefined()
    expect(parseSavedCheckout(null, OWNER)).toBeUndefined()
    expect(parseSavedCheckout('awaitingPayment', OWNER)).toBeUndefined()
  })
})

describePayingFlow('checkout machine', {
  shop: () => new FakeShop(),
  ready: toAwaitingPayment,
  choose,
  readyState: 'awaitingPayment',
  start,
  reload,
  paidMeanwhile: (shop) => {
    shop.orderStatus = 3
  },
  learned: (context) => expect(context).toMatchObject({ orderId: ORDER_ID }),
})

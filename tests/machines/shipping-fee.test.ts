import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import { payFlowView } from '../../machines/payment/pay-flow.ts'
import {
  type ShippingFeeActor,
  shippingFeeMachine,
} from '../../machines/shipping-fee/shipping-fee.machine.ts'
import {
  parseSavedShippingFee,
  type SavedShippingFee,
} from '../../machines/shipping-fee/shipping-fee-saved-state.ts'
import type {
  ShippingFeeFailure,
  ShippingPackage,
  ShippingPayRequest,
} from '../../machines/shipping-fee/shipping-fee-types.ts'
import type { PackageStatus } from '../../src/domain/package-status.ts'
import type { ShippingOptionDto } from '../../src/domain/packaging.ts'
import { FakePayments, flowRunner, returnedFlow, settle } from './pay-flow-fakes.ts'
import { describePayingFlow } from './pay-flow-suites.ts'

const OWNER = 'customer:7'
const PACKAGE_ID = 31
const APPLY_ID = 12
const EMS = 1
const EPACKET = 2
const SURFACE = 3

function option(methodId: number, overrides: Partial<ShippingOptionDto> = {}): ShippingOptionDto {
  return {
    methodId,
    name: { zhCn: `方式 ${methodId}`, ja: `方法 ${methodId}`, en: `Method ${methodId}` },
    carrier: 'japanpost',
    tracked: true,
    fee: 1000 * methodId,
    billedWeightG: 1500,
    maxWeightG: 30_000,
    available: true,
    reason: null,
    ...overrides,
  }
}

/**
 * A stand-in for the server's package, quote and shipping-fee calls with their idempotency keys: a key
 * seen before answers as the first time and makes nothing new. `loseAnswers` makes it act and then fail
 * to answer (the connection dropped after the server did the work); `offline` refuses to be reached.
 */
class FakeShop extends FakePayments<ShippingPayRequest> {
  constructor() {
    super(() => ({ purpose: 'shipping', amount: 3000, pointsUsed: 0, target: [PACKAGE_ID] }))
  }

  /** The quote fails with this (a server fault) while set. */
  optionsFailure: ShippingFeeFailure | undefined
  packageStatus: PackageStatus = 3
  options: ShippingOptionDto[] = [
    option(EMS),
    option(EPACKET, { available: false, fee: null, reason: 'aboveMaximum', maxWeightG: 2000 }),
    option(SURFACE),
  ]
  readonly packageReads: { packageId: number; applyId: number | null }[] = []
  readonly optionReads: number[] = []

  readPackage = async ({
    input,
  }: {
    input: { packageId: number; applyId: number | null }
  }): Promise<ShippingPackage> => {
    if (this.offline) throw { kind: 'offline' } satisfies ShippingFeeFailure
    this.packageReads.push(input)
    if (input.packageId !== PACKAGE_ID) throw { kind: 'notFound' } satisfies ShippingFeeFailure
    return {
      id: PACKAGE_ID,
      applyId: APPLY_ID,
      packageNo: 'P2611250031',
      status: this.packageStatus,
      weightG: 1420,
      lengthMm: 300,
      widthMm: 200,
      heightMm: 150,
      amount: 25_600,
      feeDue: '2026-12-02',
      deadlineState: 'onTime',
      address: { firstName: '樱', lastName: '木之本', country: '中国香港' },
    }
  }

  readOptions = async ({ input }: { input: { packageId: number } }): Promise<ShippingOptionDto[]> => {
    if (this.offline) throw { kind: 'offline' } satisfies ShippingFeeFailure
    this.optionReads.push(input.packageId)
    if (this.optionsFailure) throw this.optionsFailure
    return this.options
  }
}

/** Started and reloaded as the feature does: save, parse, restore. */
const { start, reload } = flowRunner(
  shippingFeeMachine,
  (shop: FakeShop) => ({
    readPackage: fromPromise(shop.readPackage),
    readOptions: fromPromise(shop.readOptions),
  }),
  parseSavedShippingFee,
  OWNER,
)

async function toChoosing(shop: FakeShop): Promise<ShippingFeeActor> {
  const actor = start(shop, { packageId: PACKAGE_ID })
  await waitFor(actor, (s) => s.matches('choosing'))
  return actor
}

function choose(actor: ShippingFeeActor, methodId = SURFACE): void {
  actor.send({ type: 'CHOOSE_METHOD', methodId })
  actor.send({ type: 'CHOOSE', route: 'sbps', method: 3 })
}

describe('shipping fee machine: the package and its quote', () => {
  it('reads the package, then the methods quoted for it, then waits for the shopper', async () => {
    const shop = new FakeShop()
    const actor = start(shop, { packageId: PACKAGE_ID })
    expect(actor.getSnapshot().value).toBe('checkingPackage')
    const choosing = await waitFor(actor, (s) => s.matches('choosing'))
    expect(shop.packageReads).toEqual([{ packageId: PACKAGE_ID, applyId: null }])
    expect(shop.optionReads).toEqual([PACKAGE_ID])
    expect(choosing.context).toMatchObject({
      packageId: PACKAGE_ID,
      applyId: APPLY_ID,
      methodId: null,
      choice: null,
      payKey: null,
    })
    expect(choosing.context.pkg?.packageNo).toBe('P2611250031')
    expect(choosing.context.options?.map((o) => o.methodId)).toEqual([EMS, EPACKET, SURFACE])
    await settle()
    expect(shop.payCalls).toEqual([])
  })

  it('passes the application along when the page knows it', async () => {
    const shop = new FakeShop()
    await waitFor(start(shop, { packageId: PACKAGE_ID, applyId: APPLY_ID }), (s) => s.matches('choosing'))
    expect(shop.packageReads).toEqual([{ packageId: PACKAGE_ID, applyId: APPLY_ID }])
  })

  it('takes only an available method and a type its route offers; Pay waits for both', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    actor.send({ type: 'CHOOSE_METHOD', methodId: EPACKET })
    actor.send({ type: 'CHOOSE_METHOD', methodId: 99 })
    expect(actor.getSnapshot().context.methodId).toBeNull()
    actor.send({ type: 'CHOOSE', route: 'paypal', method: 1 })
    expect(actor.getSnapshot().context.choice).toBeNull()
    actor.send({ type: 'CHOOSE', route: 'card', method: 1 })
    actor.send({ type: 'PAY' })
    expect(actor.getSnapshot().value).toBe('choosing')
    actor.send({ type: 'CHOOSE_METHOD', methodId: EMS })
    expect(actor.getSnapshot().context.methodId).toBe(EMS)
    actor.send({ type: 'PAY' })
    expect(payFlowView(actor.getSnapshot()).matches('paying')).toBe(true)
  })

  it('a package already paid, locked, or not awaiting a fee is not offered for payment', async () => {
    const shop = new FakeShop()
    for (const status of [4, 5, 9] as const) {
      shop.packageStatus = status
      await waitFor(start(shop, { packageId: PACKAGE_ID }), (s) => s.matches('paid'))
    }
    shop.packageStatus = 7
    const locked = await waitFor(start(shop, { packageId: PACKAGE_ID }), (s) => s.matches('locked'))
    expect(locked.context.pkg?.status).toBe(7)
    shop.packageStatus = 8
    await waitFor(start(shop, { packageId: PACKAGE_ID }), (s) => s.matches('closed'))
    // someone else's package (404)
    await waitFor(start(shop, { packageId: 99 }), (s) => s.matches('closed'))
    expect(shop.optionReads).toEqual([])
    expect(shop.payCalls).toEqual([])
  })

  it('a quote that cannot be read says so and is read again when asked', async () => {
    const shop = new FakeShop()
    shop.optionsFailure = { kind: 'refused', message: 'tariff unavailable' }
    const actor = start(shop, { packageId: PACKAGE_ID })
    await waitFor(actor, (s) => s.matches('optionsFailed'))
    shop.optionsFailure = undefined
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('choosing'))
    expect(shop.optionReads).toHaveLength(2)
  })

  it('offline before anything is read: waits, and reads once the connection is back', async () => {
    const shop = new FakeShop()
    shop.offline = true
    const actor = start(shop, { packageId: PACKAGE_ID })
    await waitFor(actor, (s) => s.matches('resumeOffline'))
    shop.offline = false
    actor.send({ type: 'ONLINE' })
    await waitFor(actor, (s) => s.matches('choosing'))
  })
})

describe('shipping fee machine: paying', () => {
  it('pays with the method, the route, the type and a key of its own, then goes to the gateway', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    actor.send({ type: 'PAY' })
    const redirecting = await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    const [payCall] = shop.payCalls
    expect(shop.payCalls).toEqual([
      { key: payCall?.key, packageId: PACKAGE_ID, methodId: SURFACE, route: 'sbps', method: 3 },
    ])
    expect(payCall?.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(redirecting.context.payKey).toBe(payCall?.key)
    expect(redirecting.context.payment).toEqual({ paymentId: 'pay_1', redirectUrl: '/sandbox-pay/pay_1' })
  })

  it('a method the box breaks is refused with its reason: back to the choice, quote read again, new key', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor, SURFACE)
    shop.refuseNext = {
      kind: 'shippingRefused',
      reason: 'aboveMaximum',
      message: 'This package is above the maximum weight or size of this shipping method',
    }
    // the operator's tariff changed meanwhile: the server no longer offers surface for this box
    shop.options = [option(EMS), option(SURFACE, { available: false, fee: null, reason: 'aboveMaximum' })]
    actor.send({ type: 'PAY' })
    const back = await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null)
    expect(back.context.error).toEqual({
      kind: 'shippingRefused',
      reason: 'aboveMaximum',
      message: 'This package is above the maximum weight or size of this shipping method',
    })
    expect(back.context.payKey).toBeNull()
    expect(back.context.methodId).toBeNull()
    expect(shop.optionReads).toHaveLength(2)

    actor.send({ type: 'CHOOSE_METHOD', methodId: EMS })
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    expect(shop.payCalls.map((call) => call.methodId)).toEqual([SURFACE, EMS])
    expect(shop.payCalls[0]?.key).not.toBe(shop.payCalls[1]?.key)
  })

  it('another refusal reads the package again and moves where the server says (locked meanwhile)', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    shop.refuseNext = { kind: 'refused', message: 'This package is locked until its storage fees are paid' }
    shop.packageStatus = 7
    actor.send({ type: 'PAY' })
    const locked = await waitFor(actor, (s) => s.matches('locked'))
    expect(locked.context.error?.kind).toBe('refused')
    expect(shop.packageReads).toHaveLength(2)
    actor.send({ type: 'PAY' })
    expect(actor.getSnapshot().value).toBe('locked')
  })

  it('a package gone (404) closes the flow', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    shop.refuseNext = { kind: 'notFound' }
    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => s.matches('closed'))
  })

  it('another method after leaving the gateway is a new attempt with a new key', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    actor.send({ type: 'PAY_AGAIN' })
    const again = await waitFor(actor, (s) => s.matches('choosing'))
    expect(again.context).toMatchObject({ payment: null, payKey: null, methodId: SURFACE })
    actor.send({ type: 'CHOOSE_METHOD', methodId: EMS })
    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    expect(shop.payCalls.map((call) => call.methodId)).toEqual([SURFACE, EMS])
    expect(shop.payCalls[0]?.key).not.toBe(shop.payCalls[1]?.key)
  })
})

describe('shipping fee machine: back from the gateway', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const returnedWith = (shop: FakeShop) => returnedFlow((input) => start(shop, input))

  it('a cancelled payment can be paid again: the package and its quote are read first', async () => {
    const shop = new FakeShop()
    shop.payments.set('pay_1', { status: 4, failure: 'cancelled' })
    const actor = await returnedWith(shop)
    actor.send({ type: 'PAY_AGAIN' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('choosing')
    expect(actor.getSnapshot().context).toMatchObject({ packageId: PACKAGE_ID, payment: null, payKey: null })
    expect(shop.packageReads).toHaveLength(1)
  })
})

describe('shipping fee machine: saved and restored', () => {
  it('keeps the method and the route across a reload, reads the server again, then pays once', async () => {
    const shop = new FakeShop()
    const first = await toChoosing(shop)
    choose(first)
    const restored = reload(shop, first)
    expect(restored.getSnapshot().value).toBe('choosing')
    expect(restored.getSnapshot().context).toMatchObject({
      methodId: SURFACE,
      choice: { route: 'sbps', method: 3 },
    })
    restored.send({ type: 'RESUME' })
    await waitFor(restored, (s) => s.matches('choosing') && shop.optionReads.length === 2)
    restored.send({ type: 'PAY' })
    await waitFor(restored, (s) => payFlowView(s).matches('redirecting'))
    expect(shop.payCalls).toHaveLength(1)
    expect(shop.packageReads).toHaveLength(2)
  })

  it('a saved shipping fee is restored only for its shopper and only when whole', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as SavedShippingFee
    const parsed = parseSavedShippingFee(persisted, OWNER)
    expect(parsed?.value).toBe('choosing')
    expect(parsed?.context.options).toHaveLength(3)
    expect(parseSavedShippingFee(persisted, 'customer:8')).toBeUndefined()
    expect(parseSavedShippingFee({ ...persisted, value: 'teleporting' }, OWNER)).toBeUndefined()
    expect(
      parseSavedShippingFee({ ...persisted, context: { ...persisted.context, methodId: -1 } }, OWNER),
    ).toBeUndefined()
    expect(
      parseSavedShippingFee(
        { ...persisted, context: { ...persisted.context, options: [{ methodId: 'ems' }] } },
        OWNER,
      ),
    ).toBeUndefined()
    expect(
      parseSavedShippingFee(
        { ...persisted, context: { ...persisted.context, choice: { route: 'cash', method: 1 } } },
        OWNER,
      ),
    ).toBeUndefined()
    expect(parseSavedShippingFee(null, OWNER)).toBeUndefined()
    // a snapshot taken mid-call comes back suspended
    const loading = { ...persisted, value: 'loadingOptions' }
    expect(parseSavedShippingFee(loading, OWNER)?.value).toBe('suspended')
  })
})

describePayingFlow('shipping fee machine', {
  shop: () => new FakeShop(),
  ready: toChoosing,
  choose,
  readyState: 'choosing',
  start,
  reload,
  paidMeanwhile: (shop) => {
    shop.packageStatus = 4
  },
  learned: (context) => expect(context).toMatchObject({ packageId: PACKAGE_ID }),
})

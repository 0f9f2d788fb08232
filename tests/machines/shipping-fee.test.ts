import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { payFlowView } from '../../machines/payment/pay-flow.ts'
import { shippingFeeMachine } from '../../machines/shipping-fee/shipping-fee.machine.ts'
import { parseSavedShippingFee } from '../../machines/shipping-fee/shipping-fee-saved-state.ts'
import type {
  ShippingFeeFailure,
  ShippingPackage,
  ShippingPayRequest,
} from '../../machines/shipping-fee/shipping-fee-types.ts'
import type { PackageStatus } from '../../src/domain/package-status.ts'
import type { ShippingOptionDto } from '../../src/domain/packaging.ts'
import { FakePayments } from './pay-flow-fakes.ts'
import { expectNoPayIn, payingFlow } from './pay-flow-harness.ts'
import { describePayingFlow } from './pay-flow-suites.ts'

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

/** The server's package and quote reads and its shipping fee's pay calls (FakePayments). */
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
    this.reach()
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
      applyEstimate: null,
      deadlineState: 'onTime',
      address: { firstName: '樱', lastName: '木之本', country: '中国香港' },
    }
  }

  readOptions = async ({ input }: { input: { packageId: number } }): Promise<ShippingOptionDto[]> => {
    this.reach()
    this.optionReads.push(input.packageId)
    if (this.optionsFailure) throw this.optionsFailure
    return this.options
  }
}

const flow = payingFlow({
  machine: shippingFeeMachine,
  parse: parseSavedShippingFee,
  shop: () => new FakeShop(),
  calls: ['readPackage', 'readOptions'],
  input: { packageId: PACKAGE_ID },
  readyState: 'choosing',
  /** Surface mail, PayPay through the Japanese gateway. */
  choose(actor) {
    actor.send({ type: 'CHOOSE_METHOD', methodId: SURFACE })
    actor.send({ type: 'CHOOSE', route: 'sbps', method: 3 })
  },
})
const { start } = flow

describe('shipping fee machine: the package and its quote', () => {
  it('reads the package, then the methods quoted for it, then waits for the shopper', async () => {
    const { shop, ready } = await flow.openedToChoice('checkingPackage')
    expect(shop.packageReads).toEqual([{ packageId: PACKAGE_ID, applyId: null }])
    expect(shop.optionReads).toEqual([PACKAGE_ID])
    expect(ready.context).toMatchObject({
      packageId: PACKAGE_ID,
      applyId: APPLY_ID,
      methodId: null,
      choice: null,
      payKey: null,
    })
    expect(ready.context.pkg?.packageNo).toBe('P2611250031')
    expect(ready.context.options?.map((o) => o.methodId)).toEqual([EMS, EPACKET, SURFACE])
  })

  it('passes the application along when the page knows it', async () => {
    const shop = new FakeShop()
    await waitFor(start(shop, { packageId: PACKAGE_ID, applyId: APPLY_ID }), (s) => s.matches('choosing'))
    expect(shop.packageReads).toEqual([{ packageId: PACKAGE_ID, applyId: APPLY_ID }])
  })

  it('takes only an available method and a type its route offers; Pay waits for both', async () => {
    const { actor } = await flow.readyToChoose()
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
      await waitFor(start(shop), (s) => s.matches('paid'))
    }
    shop.packageStatus = 7
    const locked = await waitFor(start(shop), (s) => s.matches('locked'))
    expect(locked.context.pkg?.status).toBe(7)
    shop.packageStatus = 8
    await waitFor(start(shop), (s) => s.matches('closed'))
    // someone else's package (404)
    await waitFor(start(shop, { packageId: 99 }), (s) => s.matches('closed'))
    expect(shop.optionReads).toEqual([])
    expect(shop.payCalls).toEqual([])
  })

  it('a quote that cannot be read says so and is read again when asked', async () => {
    const shop = await flow.readAgainWhenAsked('optionsFailed', (shop, fails) => {
      shop.optionsFailure = fails ? { kind: 'refused', message: 'tariff unavailable' } : undefined
    })
    expect(shop.optionReads).toHaveLength(2)
  })

  it('offline before anything is read: waits, and reads once the connection is back', () =>
    flow.expectOpensOffline())
})

describe('shipping fee machine: paying', () => {
  it('a method the box breaks is refused with its reason: back to the choice, quote read again, new key', async () => {
    const refusal = {
      kind: 'shippingRefused',
      reason: 'aboveMaximum',
      message: 'This package is above the maximum weight or size of this shipping method',
    }
    const { shop, actor, snapshot } = await flow.refusedInto(refusal, 'choosing', (shop) => {
      // the operator's tariff changed meanwhile: the server no longer offers surface for this box
      shop.options = [option(EMS), option(SURFACE, { available: false, fee: null, reason: 'aboveMaximum' })]
    })
    expect(snapshot.context.error).toEqual(refusal)
    expect(snapshot.context.payKey).toBeNull()
    expect(snapshot.context.methodId).toBeNull()
    expect(shop.optionReads).toHaveLength(2)

    actor.send({ type: 'CHOOSE_METHOD', methodId: EMS })
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    expect(shop.payCalls.map((call) => call.methodId)).toEqual([SURFACE, EMS])
    expect(shop.payCalls[0]?.key).not.toBe(shop.payCalls[1]?.key)
  })

  it('another refusal reads the package again and moves where the server says (locked meanwhile)', async () => {
    const { shop, actor, snapshot } = await flow.refusedInto(
      { kind: 'refused', message: 'This package is locked until its storage fees are paid' },
      'locked',
      (shop) => {
        shop.packageStatus = 7
      },
    )
    expect(snapshot.context.error?.kind).toBe('refused')
    expect(shop.packageReads).toHaveLength(2)
    expectNoPayIn(actor, 'locked')
  })

  it('a package gone (404) closes the flow', () => flow.refusedInto({ kind: 'notFound' }, 'closed'))
})

describePayingFlow('shipping fee machine', flow, {
  payCall: { packageId: PACKAGE_ID, methodId: SURFACE, route: 'sbps', method: 3 },
  kept: (shop) => ({ methodId: SURFACE, choice: { route: 'sbps', method: 3 }, options: shop.options }),
  target: { packageId: PACKAGE_ID },
  paidStatus: { purpose: 'shipping', amount: 3000 },
  reads: (shop) => [shop.packageReads.length, shop.optionReads.length],
  movedOn: [{ meanwhile: 'the webhook paid it', server: { packageStatus: 4 }, endsIn: 'paid' }],
  otherChoices: [
    {
      what: 'method',
      choose: (actor) => actor.send({ type: 'CHOOSE_METHOD', methodId: EMS }),
      payCall: { methodId: EMS },
    },
  ],
  saved: {
    damaged: [{ context: { methodId: -1 } }, { context: { options: [{ methodId: 'ems' }] } }],
    inFlight: ['checkingPackage', 'loadingOptions'],
  },
})

import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { extraPaymentMachine } from '../../machines/extra-payment/extra-payment.machine.ts'
import { parseSavedExtraPayment } from '../../machines/extra-payment/extra-payment-saved-state.ts'
import type {
  ExtraPaymentFailure,
  ExtraPayRequest,
} from '../../machines/extra-payment/extra-payment-types.ts'
import { payFlowView } from '../../machines/payment/pay-flow.ts'
import type { ExtraFeeStatus, ExtraFeeType } from '../../src/domain/extra-fee.ts'
import type { ExtraFeeDto } from '../../src/domain/extras.ts'
import { type FakePayment, FakePayments } from './pay-flow-fakes.ts'
import { payingFlow } from './pay-flow-harness.ts'
import { describePayingFlow } from './pay-flow-suites.ts'

function fee(id: number, overrides: Partial<ExtraFeeDto> = {}): ExtraFeeDto {
  return {
    id,
    orderIds: [100 + id],
    packageId: null,
    package: null,
    status: 1 as ExtraFeeStatus,
    type: 1 as ExtraFeeType,
    amount: 1000 * id,
    createTime: '2026-11-20T03:00:00.000Z',
    dueDate: '2026-12-05',
    remark: null,
    ...overrides,
  }
}

/** Storage fees 2 (¥2,000) and 5 (¥5,000), a late fee 3 (paid with its balance), a free-form fee 9. */
const FEES = (): ExtraFeeDto[] => [
  fee(9, { type: 2, amount: 700, remark: '代购差价' }),
  fee(5, { packageId: 31, package: { id: 31, applyId: 4, packageNo: 'YP000004-1', status: 3 }, type: 4 }),
  fee(3, { type: 3 }),
  fee(2),
]

/** The server's list of unpaid fees and its extra fees' pay calls (FakePayments). */
class FakeShop extends FakePayments<ExtraPayRequest, FakePayment & { feeIds: number[] }> {
  constructor() {
    super(
      (payment) => ({ purpose: 'extra', amount: 7000, pointsUsed: 0, target: payment.feeIds }),
      (request) => ({ feeIds: request.feeIds }),
    )
  }

  /** The list fails with this while set. */
  listFailure: ExtraPaymentFailure | undefined
  fees: ExtraFeeDto[] = FEES()
  listReads = 0

  readFees = async (): Promise<ExtraFeeDto[]> => {
    this.reach()
    this.listReads += 1
    if (this.listFailure) throw this.listFailure
    return this.fees.map((each) => ({ ...each }))
  }

  /** The webhook paid these fees: they leave the unpaid list. */
  settle(feeIds: number[]): void {
    this.fees = this.fees.filter((each) => !feeIds.includes(each.id))
  }
}

const flow = payingFlow({
  machine: extraPaymentMachine,
  parse: parseSavedExtraPayment,
  shop: () => new FakeShop(),
  calls: ['readFees'],
  readyState: 'choosing',
  /** Fees 5 and 2, 1,500 points, PayPay through the Japanese gateway. */
  choose(actor) {
    actor.send({ type: 'TOGGLE', feeId: 5 })
    actor.send({ type: 'TOGGLE', feeId: 2 })
    actor.send({ type: 'SET_POINTS', points: 1500 })
    actor.send({ type: 'CHOOSE', route: 'sbps', method: 3 })
  },
})

describe('extra payment machine: the fees and the choice', () => {
  it('reads the unpaid fees and waits for the shopper, paying nothing', async () => {
    const { ready } = await flow.openedToChoice('loading')
    expect(ready.context.fees?.map((each) => each.id)).toEqual([9, 5, 3, 2])
    expect(ready.context).toMatchObject({ selected: [], points: 0, choice: null, payKey: null })
  })

  it('selects fees one by one or all at once, never a late fee, and keeps the points within the total', async () => {
    const { actor } = await flow.readyToChoose()
    actor.send({ type: 'TOGGLE', feeId: 5 })
    actor.send({ type: 'TOGGLE', feeId: 2 })
    // the late fee is paid with its order's balance; 77 is no fee of the list
    actor.send({ type: 'TOGGLE', feeId: 3 })
    actor.send({ type: 'TOGGLE', feeId: 77 })
    expect(actor.getSnapshot().context.selected).toEqual([2, 5])

    actor.send({ type: 'SET_POINTS', points: 99_999 })
    expect(actor.getSnapshot().context.points).toBe(7000)
    actor.send({ type: 'TOGGLE', feeId: 5 })
    expect(actor.getSnapshot().context).toMatchObject({ selected: [2], points: 2000 })

    actor.send({ type: 'SELECT_ALL' })
    expect(actor.getSnapshot().context.selected).toEqual([2, 5, 9])
    actor.send({ type: 'SELECT_NONE' })
    expect(actor.getSnapshot().context).toMatchObject({ selected: [], points: 0 })
  })

  it('Pay waits for a fee and a route type the route offers', async () => {
    const { actor } = await flow.readyToChoose()
    actor.send({ type: 'CHOOSE', route: 'paypal', method: 1 })
    expect(actor.getSnapshot().context.choice).toBeNull()
    actor.send({ type: 'CHOOSE', route: 'card', method: 2 })
    actor.send({ type: 'PAY' })
    expect(actor.getSnapshot().value).toBe('choosing')
    actor.send({ type: 'TOGGLE', feeId: 9 })
    actor.send({ type: 'PAY' })
    expect(payFlowView(actor.getSnapshot()).matches('paying')).toBe(true)
  })

  it('offline before the list is read: waits, and reads once the connection is back', () =>
    flow.expectOpensOffline())

  it('a list that cannot be read says so and is read again when asked', async () => {
    const shop = await flow.readAgainWhenAsked('loadFailed', (shop, fails) => {
      shop.listFailure = fails ? { kind: 'refused', message: 'database down' } : undefined
    })
    expect(shop.listReads).toBe(2)
  })
})

describe('extra payment machine: paying', () => {
  it('a fee the server will not take (409 notPayable) reloads the list and leaves it out; the next attempt has a new key', async () => {
    const { shop, actor, snapshot } = await flow.refusedInto(
      {
        kind: 'feesRefused',
        reason: 'notPayable',
        feeIds: [5],
        message: 'Extra fee 5 is not awaiting payment',
      },
      'choosing',
      (shop) => {
        // fee 5 was waived by an operator meanwhile
        shop.fees = shop.fees.filter((each) => each.id !== 5)
      },
    )
    expect(shop.listReads).toBe(2)
    expect(snapshot.context.error).toMatchObject({ kind: 'feesRefused', reason: 'notPayable', feeIds: [5] })
    expect(snapshot.context.fees?.map((each) => each.id)).toEqual([9, 3, 2])
    expect(snapshot.context).toMatchObject({ selected: [2], points: 1500, payKey: null })

    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    expect(shop.payCalls.map((call) => call.feeIds)).toEqual([[2, 5], [2]])
    expect(shop.payCalls[0]?.key).not.toBe(shop.payCalls[1]?.key)
  })

  it('a fee being confirmed in another payment is left out of the choice, still listed', async () => {
    const { snapshot } = await flow.refusedInto(
      { kind: 'feesRefused', reason: 'beingConfirmed', feeIds: [2], message: 'being confirmed' },
      'choosing',
    )
    expect(snapshot.context.error?.kind).toBe('feesRefused')
    expect(snapshot.context.selected).toEqual([5])
    expect(snapshot.context.fees?.some((each) => each.id === 2)).toBe(true)
  })

  it('a fee unknown to the server (404) reloads the list', async () => {
    const { shop, snapshot } = await flow.refusedInto({ kind: 'notFound' }, 'choosing', (shop) => {
      shop.fees = []
    })
    expect(shop.listReads).toBe(2)
    expect(snapshot.context).toMatchObject({ fees: [], selected: [], points: 0, payKey: null })
    expect(snapshot.context.error?.kind).toBe('feesRefused')
  })
})

describe('extra payment machine: saved and restored', () => {
  it('restored mid-payment after the fees were settled (paid with points at once): a new choice, no pay call', async () => {
    const { shop, restored } = await flow.reloadedMidPayment()
    shop.settle([2, 5])
    restored.send({ type: 'RESUME' })
    const choosing = await waitFor(restored, (s) => s.matches('choosing'))
    expect(choosing.context).toMatchObject({ selected: [], points: 0, payKey: null })
    expect(shop.payCalls).toHaveLength(1)
  })
})

describePayingFlow('extra payment machine', flow, {
  payCall: { feeIds: [2, 5], points: 1500, route: 'sbps', method: 3 },
  kept: (shop) => ({ selected: [2, 5], points: 1500, choice: { route: 'sbps', method: 3 }, fees: shop.fees }),
  // a result page's flow learns no fees: it reads the list when paying again
  target: {},
  paidStatus: { purpose: 'extra', amount: 7000 },
  reads: (shop) => [shop.listReads],
  otherChoices: [
    {
      what: 'set of fees',
      choose: (actor) => actor.send({ type: 'TOGGLE', feeId: 9 }),
      payCall: { feeIds: [2, 5, 9] },
    },
  ],
  saved: {
    damaged: [
      { context: { selected: [0] } },
      { context: { points: -5 } },
      { context: { fees: [{ id: 2, amount: '¥2,000' }] } },
    ],
    inFlight: ['loading'],
  },
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import {
  type ExtraPaymentActor,
  extraPaymentMachine,
} from '../../machines/extra-payment/extra-payment.machine.ts'
import {
  parseSavedExtraPayment,
  type SavedExtraPayment,
} from '../../machines/extra-payment/extra-payment-saved-state.ts'
import type {
  ExtraPaymentFailure,
  ExtraPayRequest,
} from '../../machines/extra-payment/extra-payment-types.ts'
import { payFlowView } from '../../machines/payment/pay-flow.ts'
import type { ExtraFeeStatus, ExtraFeeType } from '../../src/domain/extra-fee.ts'
import type { ExtraFeeDto } from '../../src/domain/extras.ts'
import { type FakePayment, FakePayments, flowRunner, returnedFlow, settle } from './pay-flow-fakes.ts'
import { describePayingFlow } from './pay-flow-suites.ts'

const OWNER = 'customer:7'

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

/**
 * A stand-in for the server's fee list and extra-pay calls with their idempotency keys: a key seen
 * before answers as the first time and makes nothing new. `loseAnswers` makes it act and then fail to
 * answer (the connection dropped after the server did the work); `offline` refuses to be reached.
 */
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
    if (this.offline) throw { kind: 'offline' } satisfies ExtraPaymentFailure
    this.listReads += 1
    if (this.listFailure) throw this.listFailure
    return this.fees.map((each) => ({ ...each }))
  }

  /** The webhook paid these fees: they leave the unpaid list. */
  settle(feeIds: number[]): void {
    this.fees = this.fees.filter((each) => !feeIds.includes(each.id))
  }
}

/** Started and reloaded as the feature does: save, parse, restore. */
const { start, reload } = flowRunner(
  extraPaymentMachine,
  (shop: FakeShop) => ({ readFees: fromPromise(shop.readFees) }),
  parseSavedExtraPayment,
  OWNER,
)

async function toChoosing(shop: FakeShop): Promise<ExtraPaymentActor> {
  const actor = start(shop)
  await waitFor(actor, (s) => s.matches('choosing'))
  return actor
}

/** Fees 5 and 2, 1,500 points, PayPay through the Japanese gateway. */
function choose(actor: ExtraPaymentActor): void {
  actor.send({ type: 'TOGGLE', feeId: 5 })
  actor.send({ type: 'TOGGLE', feeId: 2 })
  actor.send({ type: 'SET_POINTS', points: 1500 })
  actor.send({ type: 'CHOOSE', route: 'sbps', method: 3 })
}

describe('extra payment machine: the fees and the choice', () => {
  it('reads the unpaid fees and waits for the shopper, paying nothing', async () => {
    const shop = new FakeShop()
    const actor = start(shop)
    expect(actor.getSnapshot().value).toBe('loading')
    const choosing = await waitFor(actor, (s) => s.matches('choosing'))
    expect(choosing.context.fees?.map((each) => each.id)).toEqual([9, 5, 3, 2])
    expect(choosing.context).toMatchObject({ selected: [], points: 0, choice: null, payKey: null })
    await settle()
    expect(shop.payCalls).toEqual([])
  })

  it('selects fees one by one or all at once, never a late fee, and keeps the points within the total', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
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
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    actor.send({ type: 'CHOOSE', route: 'paypal', method: 1 })
    expect(actor.getSnapshot().context.choice).toBeNull()
    actor.send({ type: 'CHOOSE', route: 'card', method: 2 })
    actor.send({ type: 'PAY' })
    expect(actor.getSnapshot().value).toBe('choosing')
    actor.send({ type: 'TOGGLE', feeId: 9 })
    actor.send({ type: 'PAY' })
    expect(payFlowView(actor.getSnapshot()).matches('paying')).toBe(true)
  })

  it('offline before the list is read: waits, and reads once the connection is back', async () => {
    const shop = new FakeShop()
    shop.offline = true
    const actor = start(shop)
    await waitFor(actor, (s) => s.matches('resumeOffline'))
    shop.offline = false
    actor.send({ type: 'ONLINE' })
    await waitFor(actor, (s) => s.matches('choosing'))
  })

  it('a list that cannot be read says so and is read again when asked', async () => {
    const shop = new FakeShop()
    shop.listFailure = { kind: 'refused', message: 'database down' }
    const actor = start(shop)
    await waitFor(actor, (s) => s.matches('loadFailed'))
    shop.listFailure = undefined
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('choosing'))
    expect(shop.listReads).toBe(2)
  })
})

describe('extra payment machine: paying', () => {
  it('pays the chosen fees with the points, the route, the type and a key of its own, then goes to the gateway', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    actor.send({ type: 'PAY' })
    const redirecting = await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    const [payCall] = shop.payCalls
    expect(shop.payCalls).toEqual([
      { key: payCall?.key, feeIds: [2, 5], points: 1500, route: 'sbps', method: 3 },
    ])
    expect(payCall?.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(redirecting.context.payKey).toBe(payCall?.key)
    expect(redirecting.context.payment).toEqual({ paymentId: 'pay_1', redirectUrl: '/sandbox-pay/pay_1' })
  })

  it('a fee the server will not take (409 notPayable) reloads the list and leaves it out; the next attempt has a new key', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    // fee 5 was waived by an operator meanwhile
    shop.refuseNext = {
      kind: 'feesRefused',
      reason: 'notPayable',
      feeIds: [5],
      message: 'Extra fee 5 is not awaiting payment',
    }
    shop.fees = shop.fees.filter((each) => each.id !== 5)
    actor.send({ type: 'PAY' })
    const back = await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null)
    expect(shop.listReads).toBe(2)
    expect(back.context.error).toMatchObject({ kind: 'feesRefused', reason: 'notPayable', feeIds: [5] })
    expect(back.context.fees?.map((each) => each.id)).toEqual([9, 3, 2])
    expect(back.context).toMatchObject({ selected: [2], points: 1500, payKey: null })

    actor.send({ type: 'PAY' })
    await waitFor(actor, (s) => payFlowView(s).matches('redirecting'))
    expect(shop.payCalls.map((call) => call.feeIds)).toEqual([[2, 5], [2]])
    expect(shop.payCalls[0]?.key).not.toBe(shop.payCalls[1]?.key)
  })

  it('a fee being confirmed in another payment is left out of the choice, still listed', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    shop.refuseNext = {
      kind: 'feesRefused',
      reason: 'beingConfirmed',
      feeIds: [2],
      message: 'being confirmed',
    }
    actor.send({ type: 'PAY' })
    const back = await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null)
    expect(back.context.error?.kind).toBe('feesRefused')
    expect(back.context.selected).toEqual([5])
    expect(back.context.fees?.some((each) => each.id === 2)).toBe(true)
  })

  it('a fee unknown to the server (404) reloads the list', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    shop.refuseNext = { kind: 'notFound' }
    shop.fees = []
    actor.send({ type: 'PAY' })
    const back = await waitFor(actor, (s) => s.matches('choosing') && shop.listReads === 2)
    expect(back.context).toMatchObject({ fees: [], selected: [], points: 0, payKey: null })
    expect(back.context.error?.kind).toBe('feesRefused')
  })
})

describe('extra payment machine: back from the gateway', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const returnedWith = (shop: FakeShop) => returnedFlow((input) => start(shop, input))

  it('a cancelled payment can be paid again: the fees are read first', async () => {
    const shop = new FakeShop()
    shop.payments.set('pay_1', { status: 4, failure: 'cancelled', feeIds: [2] })
    const actor = await returnedWith(shop)
    actor.send({ type: 'PAY_AGAIN' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('choosing')
    expect(actor.getSnapshot().context).toMatchObject({ payment: null, payKey: null })
    expect(shop.listReads).toBe(1)
  })
})

describe('extra payment machine: saved and restored', () => {
  it('keeps the choice across a reload, reads the fees again, then pays once', async () => {
    const shop = new FakeShop()
    const first = await toChoosing(shop)
    choose(first)
    const restored = reload(shop, first)
    expect(restored.getSnapshot().value).toBe('choosing')
    expect(restored.getSnapshot().context).toMatchObject({
      selected: [2, 5],
      points: 1500,
      choice: { route: 'sbps', method: 3 },
    })
    restored.send({ type: 'RESUME' })
    await waitFor(restored, (s) => s.matches('choosing') && shop.listReads === 2)
    restored.send({ type: 'PAY' })
    await waitFor(restored, (s) => payFlowView(s).matches('redirecting'))
    expect(shop.payCalls).toHaveLength(1)
  })

  it('restored mid-payment after the fees were settled (paid with points at once): a new choice, no pay call', async () => {
    const shop = new FakeShop()
    const first = await toChoosing(shop)
    choose(first)
    shop.loseAnswers = true
    first.send({ type: 'PAY' })
    const restored = reload(shop, first)
    shop.loseAnswers = false
    await settle()
    shop.settle([2, 5])
    restored.send({ type: 'RESUME' })
    const choosing = await waitFor(restored, (s) => s.matches('choosing'))
    expect(choosing.context).toMatchObject({ selected: [], points: 0, payKey: null })
    expect(shop.payCalls).toHaveLength(1)
  })

  it('a saved extra payment is restored only for its shopper and only when whole', async () => {
    const shop = new FakeShop()
    const actor = await toChoosing(shop)
    choose(actor)
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as SavedExtraPayment
    const parsed = parseSavedExtraPayment(persisted, OWNER)
    expect(parsed?.value).toBe('choosing')
    expect(parsed?.context.fees).toHaveLength(4)
    expect(parseSavedExtraPayment(persisted, 'customer:8')).toBeUndefined()
    expect(parseSavedExtraPayment({ ...persisted, value: 'teleporting' }, OWNER)).toBeUndefined()
    expect(
      parseSavedExtraPayment({ ...persisted, context: { ...persisted.context, selected: [0] } }, OWNER),
    ).toBeUndefined()
    expect(
      parseSavedExtraPayment({ ...persisted, context: { ...persisted.context, points: -5 } }, OWNER),
    ).toBeUndefined()
    expect(
      parseSavedExtraPayment(
        { ...persisted, context: { ...persisted.context, fees: [{ id: 2, amount: '¥2,000' }] } },
        OWNER,
      ),
    ).toBeUndefined()
    expect(
      parseSavedExtraPayment(
        { ...persisted, context: { ...persisted.context, choice: { route: 'cash', method: 1 } } },
        OWNER,
      ),
    ).toBeUndefined()
    expect(parseSavedExtraPayment(null, OWNER)).toBeUndefined()
    // a snapshot taken mid-call comes back suspended
    expect(parseSavedExtraPayment({ ...persisted, value: 'loading' }, OWNER)?.value).toBe('suspended')
    expect(
      parseSavedExtraPayment(
        { ...persisted, value: 'attempt', context: { ...persisted.context, step: 'returned.waiting' } },
        OWNER,
      )?.value,
    ).toBe('suspended')
    // an attempt's step is no state of the flow's own
    expect(parseSavedExtraPayment({ ...persisted, value: { returned: 'waiting' } }, OWNER)).toBeUndefined()
  })
})

describePayingFlow('extra payment machine', {
  shop: () => new FakeShop(),
  ready: toChoosing,
  choose,
  readyState: 'choosing',
  start,
  reload,
  learned: (context) => expect(context).toMatchObject({ payStatus: { purpose: 'extra', amount: 7000 } }),
})

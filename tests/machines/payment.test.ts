import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ActorRefFrom, assign, createActor, forwardTo, fromPromise, setup, waitFor } from 'xstate'
import { paymentMachine } from '../../machines/payment/payment.machine.ts'
import {
  type PaymentEnd,
  type PaymentEvent,
  type PaymentInput,
  type PaymentProgress,
  POLL_LIMIT,
  pollDelay,
  TRANSFER_POLL_MS,
} from '../../machines/payment/payment-types.ts'
import type { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { BankTransferDto } from '../../src/domain/payments.ts'
import { type FakePayment, FakePayments } from './pay-flow-fakes.ts'

/** The server's pay calls and pay status (pay-flow-fakes.ts), for a balance, with a bank transfer's instructions when set. */
class FakeGateway extends FakePayments<typeof REQUEST, FakePayment & { transfer?: BankTransferDto | null }> {
  constructor() {
    super((payment) => ({
      purpose: 'balance',
      amount: 4_800,
      pointsUsed: 0,
      target: [41],
      transfer: payment.transfer ?? null,
    }))
  }
}

/** A flow as small as can be: it runs one attempt and keeps what the attempt reports and how it ended. */
function flowFor(gateway: FakeGateway) {
  return setup({
    types: {
      input: {} as PaymentInput,
      context: {} as { input: PaymentInput; reports: PaymentProgress[]; end: PaymentEnd | null },
      events: {} as PaymentEvent | PaymentProgress,
    },
    actors: {
      payment: paymentMachine.provide({
        actors: { pay: fromPromise(gateway.pay), readPayStatus: fromPromise(gateway.readPayStatus) },
      }),
    },
  }).createMachine({
    context: ({ input }) => ({ input, reports: [], end: null }),
    initial: 'attempt',
    states: {
      attempt: {
        invoke: {
          id: 'payment',
          src: 'payment',
          input: ({ context }) => context.input,
          onDone: { target: 'ended', actions: assign({ end: ({ event }) => event.output }) },
        },
        on: {
          'payment.progress': {
            actions: assign({ reports: ({ context, event }) => [...context.reports, event] }),
          },
          RETRY: { actions: forwardTo('payment') },
          ONLINE: { actions: forwardTo('payment') },
          RESUME: { actions: forwardTo('payment') },
          PAY_AGAIN: { actions: forwardTo('payment') },
        },
      },
      ended: { type: 'final' },
    },
  })
}

type Flow = ActorRefFrom<ReturnType<typeof flowFor>>

const REQUEST = { orderId: 41, route: 'sbps', method: 2, points: 300 }

function start(gateway: FakeGateway, input: Partial<PaymentInput> = {}): Flow {
  const actor = createActor(flowFor(gateway), {
    input: { key: 'key-1', request: REQUEST, payment: null, returned: false, awaitRetry: false, ...input },
  })
  actor.start()
  return actor
}

const lastStep = (flow: Flow) => flow.getSnapshot().context.reports.at(-1)?.step
const steps = (flow: Flow) => flow.getSnapshot().context.reports.map((report) => report.step)
const endOf = async (flow: Flow) => (await waitFor(flow, (s) => s.status === 'done')).context.end
const reached = (flow: Flow, step: PaymentProgress['step']) => waitFor(flow, () => lastStep(flow) === step)

describe('payment machine: beginning an attempt', () => {
  it('sends the purpose’s request with the attempt’s key, then is on its way to the gateway', async () => {
    const gateway = new FakeGateway()
    const flow = start(gateway)
    await reached(flow, 'redirecting')
    expect(gateway.payCalls).toEqual([{ ...REQUEST, key: 'key-1' }])
    expect(steps(flow)).toEqual(['paying', 'redirecting'])
    expect(flow.getSnapshot().context.reports.at(-1)?.payment).toEqual({
      paymentId: 'pay_1',
      redirectUrl: '/sandbox-pay/pay_1',
    })
  })

  it('never sends a payment again by itself: without an answer it waits, and the retry reuses the key', async () => {
    const gateway = new FakeGateway()
    gateway.loseAnswers = true
    const flow = start(gateway)
    await reached(flow, 'payOffline.waiting')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(gateway.payCalls).toHaveLength(1)

    flow.send({ type: 'ONLINE' })
    expect(lastStep(flow)).toBe('payOffline.ready')
    expect(gateway.payCalls).toHaveLength(1)

    gateway.loseAnswers = false
    flow.send({ type: 'RETRY' })
    await reached(flow, 'redirecting')
    // the same request with the same key: the server answers with the first payment
    expect(gateway.payCalls).toEqual([gateway.payCalls[0], gateway.payCalls[0]])
    expect(flow.getSnapshot().context.reports.at(-1)?.payment?.paymentId).toBe('pay_1')
  })

  it('a refusal ends the attempt with it, for the flow to read; nothing is sent again', async () => {
    const gateway = new FakeGateway()
    gateway.refuseNext = { kind: 'latchClosed', message: 'Payment is currently unavailable' }
    const end = await endOf(start(gateway))
    expect(end).toEqual({
      end: 'refused',
      error: { kind: 'latchClosed', message: 'Payment is currently unavailable' },
    })
    expect(gateway.payCalls).toHaveLength(1)
  })

  it('waiting for a retry after a restore, it sends nothing until asked', async () => {
    const gateway = new FakeGateway()
    const flow = start(gateway, { awaitRetry: true })
    expect(lastStep(flow)).toBe('payOffline.ready')
    expect(gateway.payCalls).toEqual([])
    flow.send({ type: 'RETRY' })
    await reached(flow, 'redirecting')
    expect(gateway.payCalls).toEqual([{ ...REQUEST, key: 'key-1' }])
  })

  it('shown again while the answer is unknown, it hands back to the flow to read what is paid', async () => {
    const gateway = new FakeGateway()
    const flow = start(gateway, { awaitRetry: true })
    flow.send({ type: 'RESUME' })
    expect(await endOf(flow)).toEqual({ end: 'recheck' })
  })
})

describe('payment machine: a payment begun earlier', () => {
  const begun = { paymentId: 'pay_1', redirectUrl: '/sandbox-pay/pay_1' }

  it('reads it instead of paying again: still open at the gateway, it is offered again', async () => {
    const gateway = new FakeGateway()
    gateway.payments.set('pay_1', { status: 1, failure: null })
    const flow = start(gateway, { payment: begun })
    await reached(flow, 'redirecting')
    expect(steps(flow)).toEqual(['checkingPayment', 'redirecting'])
    expect(gateway.payCalls).toEqual([])
  })

  it('leaving it open to pay anew ends the attempt', async () => {
    const gateway = new FakeGateway()
    gateway.payments.set('pay_1', { status: 1, failure: null })
    const flow = start(gateway, { payment: begun })
    await reached(flow, 'redirecting')
    flow.send({ type: 'PAY_AGAIN' })
    expect(await endOf(flow)).toEqual({ end: 'payAgain' })
  })

  it('settled meanwhile, it ends with the verdict', async () => {
    const gateway = new FakeGateway()
    gateway.payments.set('pay_1', { status: 2, failure: null })
    const flow = start(gateway, { payment: begun })
    expect(await endOf(flow)).toEqual({ end: 'settled', outcome: 'paid' })
    expect(flow.getSnapshot().context.reports.at(-1)).toMatchObject({ step: null, payStatus: { status: 2 } })
  })

  it('unreadable without a connection, it hands back to the flow to wait for one', async () => {
    const gateway = new FakeGateway()
    gateway.offline = true
    expect(await endOf(start(gateway, { payment: begun }))).toEqual({ end: 'unreachable' })
  })
})

describe('payment machine: back on a result page', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const returnedTo = async (gateway: FakeGateway) => {
    const flow = start(gateway, { payment: { paymentId: 'pay_1', redirectUrl: '' }, returned: true })
    await vi.advanceTimersByTimeAsync(0)
    return flow
  }

  it('reads the status with back-off while it is pending, then ends paid', async () => {
    const gateway = new FakeGateway()
    gateway.payments.set('pay_1', { status: 1, failure: null })
    const flow = await returnedTo(gateway)
    expect(lastStep(flow)).toBe('returned.waiting')
    expect(gateway.statusReads).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(pollDelay(1))
    expect(gateway.statusReads).toHaveLength(2)
    // each wait is longer than the one before
    await vi.advanceTimersByTimeAsync(pollDelay(1))
    expect(gateway.statusReads).toHaveLength(2)
    gateway.payments.set('pay_1', { status: 2, failure: null })
    await vi.advanceTimersByTimeAsync(pollDelay(2) - pollDelay(1))
    expect(gateway.statusReads).toHaveLength(3)
    expect(await endOf(flow)).toEqual({ end: 'settled', outcome: 'paid' })
  })

  it('tells a decline by the gateway from a cancellation, and an unknown or refunded payment from both', async () => {
    const outcomeOf = async (payment: { status: PaymentStatus; failure: string | null } | undefined) => {
      const gateway = new FakeGateway()
      if (payment) gateway.payments.set('pay_1', payment)
      return endOf(await returnedTo(gateway))
    }
    expect(await outcomeOf({ status: 4, failure: 'card_declined' })).toEqual({
      end: 'settled',
      outcome: 'failed',
    })
    expect(await outcomeOf({ status: 4, failure: null })).toEqual({ end: 'settled', outcome: 'cancelled' })
    expect(await outcomeOf({ status: 3, failure: null })).toEqual({ end: 'settled', outcome: 'payError' })
    expect(await outcomeOf(undefined)).toEqual({ end: 'settled', outcome: 'payError' })
  })

  it('says the answer is late after about a minute of reads, and reads again when asked', async () => {
    const gateway = new FakeGateway()
    gateway.payments.set('pay_1', { status: 1, failure: null })
    const flow = await returnedTo(gateway)
    await vi.advanceTimersByTimeAsync(60_000 * 2)
    expect(lastStep(flow)).toBe('returned.timedOut')
    expect(gateway.statusReads).toHaveLength(POLL_LIMIT)
    let waited = 0
    for (let polls = 1; polls < POLL_LIMIT; polls++) waited += pollDelay(polls)
    expect(waited).toBeGreaterThanOrEqual(50_000)
    expect(waited).toBeLessThanOrEqual(75_000)

    gateway.payments.set('pay_1', { status: 2, failure: null })
    flow.send({ type: 'RETRY' })
    expect(await endOf(flow)).toEqual({ end: 'settled', outcome: 'paid' })
  })

  it('waiting for a bank transfer, it rests with the instructions: never late, read seldom or when asked', async () => {
    const transfer: BankTransferDto = {
      amount: 4_800,
      currency: 'JPY',
      reference: 'AB12CD34',
      bankName: 'テスト銀行',
      bankCode: '0999',
      branchName: 'テスト支店',
      branchCode: '101',
      accountType: 'futsu',
      accountNumber: '1234567',
      accountHolderName: 'ﾃｽﾄ',
    }
    const gateway = new FakeGateway()
    gateway.payments.set('pay_1', { status: 1, failure: null, transfer })
    const flow = await returnedTo(gateway)
    expect(lastStep(flow)).toBe('returned.awaitingTransfer')
    expect(flow.getSnapshot().context.reports.at(-1)?.payStatus?.transfer).toEqual(transfer)
    expect(gateway.statusReads).toHaveLength(1)

    // far past the minute after which a webhook's answer is late
    await vi.advanceTimersByTimeAsync(TRANSFER_POLL_MS - 1)
    expect(gateway.statusReads).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(gateway.statusReads).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(TRANSFER_POLL_MS * 10)
    expect(gateway.statusReads).toHaveLength(12)
    expect(steps(flow)).not.toContain('returned.timedOut')
    expect(lastStep(flow)).toBe('returned.awaitingTransfer')

    flow.send({ type: 'RETRY' })
    await vi.advanceTimersByTimeAsync(0)
    expect(gateway.statusReads).toHaveLength(13)
    gateway.payments.set('pay_1', { status: 2, failure: null, transfer })
    flow.send({ type: 'RESUME' })
    expect(await endOf(flow)).toEqual({ end: 'settled', outcome: 'paid' })
  })

  it('pauses without a connection and goes on when it returns', async () => {
    const gateway = new FakeGateway()
    gateway.payments.set('pay_1', { status: 1, failure: null })
    gateway.offline = true
    const flow = await returnedTo(gateway)
    expect(lastStep(flow)).toBe('returned.offline')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(gateway.statusReads).toEqual([])

    gateway.offline = false
    gateway.payments.set('pay_1', { status: 2, failure: null })
    flow.send({ type: 'ONLINE' })
    expect(await endOf(flow)).toEqual({ end: 'settled', outcome: 'paid' })
  })
})

import { fromPromise } from 'xstate'
import { paymentMachine } from '../../machines/payment/payment.machine.ts'
import type { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { PayAnswer, PayStatusDto } from '../../src/domain/payments.ts'

/*
 * The server as the paying flows' machine tests fake it: its pay calls and pay status. Each flow's
 * fake server adds its own calls; pay-flow-harness.ts drives the flows on it.
 */

/** A payment as the fake server keeps it: its state, and what the purpose remembers of its request. */
export interface FakePayment {
  status: PaymentStatus
  failure: string | null
}

/**
 * A stand-in for the server's pay calls with their idempotency keys and its pay status: a key seen
 * before answers as the first time and makes nothing new. `loseAnswers` makes it act and then fail to
 * answer (the connection dropped after the server did the work); `offline` refuses to be reached;
 * `refuseNext` refuses the next pay call with that failure (or a flow's own call that asks `refuse()`).
 * `paidFor` says what a payment pays (its purpose, amount, points and target) and `opened` what is kept
 * of its request. A flow's fake server extends it with the flow's own calls.
 */
export class FakePayments<Request, P extends FakePayment = FakePayment> {
  offline = false
  loseAnswers = false
  refuseNext: unknown
  payments = new Map<string, P>()
  readonly payCalls: (Request & { key: string })[] = []
  readonly statusReads: string[] = []
  private readonly answers = new Map<string, PayAnswer>()

  private readonly paidFor: (
    payment: P,
  ) => Pick<PayStatusDto, 'purpose' | 'amount' | 'pointsUsed' | 'target'> &
    Partial<Pick<PayStatusDto, 'transfer'>>
  private readonly opened: (request: Request) => Omit<P, keyof FakePayment>

  constructor(
    paidFor: (
      payment: P,
    ) => Pick<PayStatusDto, 'purpose' | 'amount' | 'pointsUsed' | 'target'> &
      Partial<Pick<PayStatusDto, 'transfer'>>,
    opened: (request: Request) => Omit<P, keyof FakePayment> = () => ({}) as Omit<P, keyof FakePayment>,
  ) {
    this.paidFor = paidFor
    this.opened = opened
  }

  /** Throws as a flow's call does without a network. */
  reach(): void {
    if (this.offline) throw { kind: 'offline' }
  }

  /** Throws `refuseNext`, once: the server refused this call. */
  protected refuse(): void {
    const refusal = this.refuseNext
    this.refuseNext = undefined
    if (refusal) throw refusal
  }

  /** The call's answer, unless the connection drops before it arrives (`loseAnswers`). */
  protected answer<T>(value: T): T {
    if (this.loseAnswers) throw { kind: 'offline' }
    return value
  }

  pay = async ({ input }: { input: { key: string; request: unknown } }): Promise<PayAnswer> => {
    const call = { ...(input.request as Request), key: input.key }
    this.reach()
    this.payCalls.push(call)
    this.refuse()
    let answer = this.answers.get(input.key)
    if (!answer) {
      const paymentId = `pay_${this.answers.size + 1}`
      answer = { paymentId, redirectUrl: `/sandbox-pay/${paymentId}` }
      this.answers.set(input.key, answer)
      this.payments.set(paymentId, { status: 1, failure: null, ...this.opened(call) } as P)
    }
    return this.answer(answer)
  }

  readPayStatus = async ({ input }: { input: { paymentId: string } }): Promise<PayStatusDto> => {
    this.reach()
    this.statusReads.push(input.paymentId)
    const payment = this.payments.get(input.paymentId)
    if (!payment) throw { kind: 'notFound' }
    return {
      paymentId: input.paymentId,
      status: payment.status,
      failure: payment.failure,
      ...this.paidFor(payment),
    }
  }

  /** The payment machine making these calls. */
  paymentMachine() {
    return paymentMachine.provide({
      actors: { pay: fromPromise(this.pay), readPayStatus: fromPromise(this.readPayStatus) },
    })
  }
}

/** Lets the flow's promises and their reactions run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

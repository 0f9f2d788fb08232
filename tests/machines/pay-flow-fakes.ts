import { expect, vi } from 'vitest'
import {
  type Actor,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  fromPromise,
  type InputFrom,
  type Snapshot,
} from 'xstate'
import { payFlowView } from '../../machines/payment/pay-flow.ts'
import { paymentMachine } from '../../machines/payment/payment.machine.ts'
import type { PaymentStatus } from '../../src/domain/payment-status.ts'
import type { PayAnswer, PayStatusDto } from '../../src/domain/payments.ts'

/* What the paying flows' machine tests share: the server's pay calls and pay status, and a reload. */

/** A payment as the fake server keeps it: its state, and what the purpose remembers of its request. */
export interface FakePayment {
  status: PaymentStatus
  failure: string | null
}

/**
 * A stand-in for the server's pay calls with their idempotency keys and its pay status: a key seen
 * before answers as the first time and makes nothing new. `loseAnswers` makes it act and then fail to
 * answer (the connection dropped after the server did the work); `offline` refuses to be reached;
 * `refuseNext` refuses the next pay call with that failure. `paidFor` says what a payment pays (its
 * purpose, amount, points and target) and `opened` what is kept of its request.
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

  pay = async ({ input }: { input: { key: string; request: unknown } }): Promise<PayAnswer> => {
    const call = { ...(input.request as Request), key: input.key }
    this.reach()
    this.payCalls.push(call)
    const refusal = this.refuseNext
    this.refuseNext = undefined
    if (refusal) throw refusal
    let answer = this.answers.get(input.key)
    if (!answer) {
      const paymentId = `pay_${this.answers.size + 1}`
      answer = { paymentId, redirectUrl: `/sandbox-pay/${paymentId}` }
      this.answers.set(input.key, answer)
      this.payments.set(paymentId, { status: 1, failure: null, ...this.opened(call) } as P)
    }
    if (this.loseAnswers) throw { kind: 'offline' }
    return answer
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

/**
 * What a flow's feature does on every step and at a reload: save (JSON), parse with the flow's own
 * parser, restore, start.
 */
export function reloadFlow<M extends AnyStateMachine>(
  machine: M,
  actor: { getPersistedSnapshot(): unknown; stop(): void },
  parse: (saved: unknown, owner: string) => { context: { owner: string } } | undefined,
  owner: string,
) {
  const saved = parse(JSON.parse(JSON.stringify(actor.getPersistedSnapshot())), owner)
  actor.stop()
  if (!saved) throw new Error('the saved flow did not parse')
  const restored = createActor(machine as AnyStateMachine, {
    snapshot: saved as unknown as Snapshot<unknown>,
    input: { owner },
  }) as unknown as Actor<M>
  restored.start()
  return restored
}

/** A flow opened by a result page with the payment `pay_1`, its first read done (under fake timers). */
export async function returnedFlow<A extends AnyActorRef>(
  start: (input: { paymentId: string }) => A,
): Promise<A> {
  const actor = start({ paymentId: 'pay_1' })
  expect(payFlowView(actor.getSnapshot()).matches('returned')).toBe(true)
  await vi.advanceTimersByTimeAsync(0)
  return actor
}

/** Lets the flow's promises and their reactions run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * A flow's start and reload for its tests, as its feature does them: the flow's machine with the
 * shop's payment calls and its own reads (`readsOf`); the flow is the shopper `owner`'s, and a reload
 * parses with `parse`.
 */
export function flowRunner<S extends { paymentMachine(): AnyActorLogic }, M extends AnyStateMachine>(
  machine: M,
  readsOf: (shop: S) => Record<string, AnyActorLogic>,
  parse: (saved: unknown, owner: string) => { context: { owner: string } } | undefined,
  owner: string,
) {
  const machineFor = (shop: S) =>
    (machine as AnyStateMachine).provide({
      actors: { payment: shop.paymentMachine(), ...readsOf(shop) },
    }) as M
  return {
    start(shop: S, input: Partial<InputFrom<M>> = {}): Actor<M> {
      const actor = createActor(machineFor(shop) as AnyStateMachine, {
        input: { owner, ...input },
      }) as unknown as Actor<M>
      actor.start()
      return actor
    },
    reload: (shop: S, actor: { getPersistedSnapshot(): unknown; stop(): void }) =>
      reloadFlow(machineFor(shop), actor, parse, owner),
  }
}

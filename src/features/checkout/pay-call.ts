import { fromPromise } from 'xstate'
import type { CheckoutFailure } from '../../../machines/checkout/checkout-types.ts'
import { paymentMachine } from '../../../machines/payment/payment.machine.ts'
import { PAYMENT_UNAVAILABLE_MESSAGE, type PayAnswer, SELECT_ADDRESS_MESSAGE } from '../../domain/payments.ts'
import { ResultCode } from '../../domain/result-code.ts'
import { type ApiCallOptions, ApiFailure } from '../../lib/api-client.ts'
import { payStatus } from './api/pay-status.ts'

/* How the paying flows (checkout, final payment) read a failed call, without their machines. */

/** An ApiFailure as the checkout machine reads it. */
export function checkoutFailureOf(error: unknown): CheckoutFailure {
  // no answer (or the call was cut off): nobody knows whether the server acted
  if (!(error instanceof ApiFailure) || error.kind !== 'server') return { kind: 'offline' }
  const code = error.code ?? 0
  if (code === ResultCode.notFound) return { kind: 'notFound' }
  // 429 and server faults are no answer about the request itself
  if (code === ResultCode.tooManyRequests || code >= 500) return { kind: 'offline' }
  if (error.message.includes(PAYMENT_UNAVAILABLE_MESSAGE)) {
    return { kind: 'latchClosed', message: error.message }
  }
  if (error.message.includes(SELECT_ADDRESS_MESSAGE)) return { kind: 'address', message: error.message }
  return { kind: 'refused', message: error.message }
}

/**
 * Runs a flow's call; a failure comes out as the flow's machine reads it (`failureOf`: the checkout's
 * kinds unless told otherwise), and no network at all as `{ kind: 'offline' }`.
 */
export async function asPayCall<T>(
  call: () => Promise<T>,
  failureOf: (error: unknown) => unknown = checkoutFailureOf,
): Promise<T> {
  // The browser knows it has no network: say so at once instead of a doomed request.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw { kind: 'offline' } satisfies CheckoutFailure
  }
  try {
    return await call()
  } catch (error) {
    throw failureOf(error)
  }
}

/** The paying flows tell the shopper themselves (panel, page, result page): their calls never toast. */
export const quietPayCall: ApiCallOptions = { systemNotify: false }

/**
 * The payment machine with a flow's pay call (`pay`: its request with the attempt's key) and the pay
 * status read, failures read by the flow's `failureOf`.
 */
export function paymentWith<Request>(
  pay: (request: Request & { key: string }) => Promise<PayAnswer>,
  failureOf?: (error: unknown) => unknown,
) {
  return paymentMachine.provide({
    actors: {
      pay: fromPromise(({ input }: { input: { key: string; request: unknown } }) =>
        // the flow's machine built the request (pay-flow.ts attemptInput): its shape is the flow's own
        asPayCall(() => pay({ ...(input.request as Request), key: input.key }), failureOf),
      ),
      readPayStatus: fromPromise(({ input }: { input: { paymentId: string } }) =>
        asPayCall(() => payStatus(input.paymentId, quietPayCall), failureOf),
      ),
    },
  })
}

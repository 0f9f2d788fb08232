import { createActor, fromPromise, type Snapshot } from 'xstate'
import { payFlowView } from '../../../machines/payment/pay-flow.ts'
import {
  type ShippingFeeActor,
  shippingFeeMachine,
} from '../../../machines/shipping-fee/shipping-fee.machine.ts'
import type { SavedShippingFee } from '../../../machines/shipping-fee/shipping-fee-saved-state.ts'
import {
  isShippingFeeFailure,
  type ShippingFeeFailure,
  type ShippingFeeInput,
  type ShippingPackage,
  type ShippingPayRequest,
} from '../../../machines/shipping-fee/shipping-fee-types.ts'
import type { PackageDto, ShippingPayRefusalData } from '../../domain/packaging.ts'
import { ResultCode } from '../../domain/result-code.ts'
import { SHIPPING_REFUSALS } from '../../domain/shipping.ts'
import { ApiFailure } from '../../lib/api-client.ts'
import { currentLanguage } from '../../lib/i18n.ts'
import { asPayCall, checkoutFailureOf, paymentWith, quietPayCall } from '../checkout/pay-call.ts'
import { payFlowStore } from '../checkout/pay-flow-store.ts'
import { expressPay } from './api/express-pay.ts'
import { listPackages } from './api/list-packages.ts'
import { getPackageDetail } from './api/package-detail.ts'
import { getShippingCost } from './api/shipping-cost.ts'
import { savedShippingFeeOf } from './saved-shipping-fee.ts'

const quiet = quietPayCall

/** The refusal of a method the box breaks (409 with `{ reason }`, spec §5). */
function shippingRefusalOf(error: unknown): ShippingPayRefusalData | undefined {
  if (!(error instanceof ApiFailure) || error.kind !== 'server' || error.code !== ResultCode.conflict) {
    return undefined
  }
  const reason = (error.data as { reason?: unknown } | null | undefined)?.reason
  return (SHIPPING_REFUSALS as readonly unknown[]).includes(reason)
    ? (error.data as ShippingPayRefusalData)
    : undefined
}

/** An ApiFailure as the shipping-fee machine reads it. */
export function shippingFeeFailureOf(error: unknown): ShippingFeeFailure {
  // already read (a package the list does not hold)
  if (isShippingFeeFailure(error)) return error
  const refusal = shippingRefusalOf(error)
  if (refusal && error instanceof ApiFailure) {
    return { kind: 'shippingRefused', reason: refusal.reason, message: error.message }
  }
  const failure = checkoutFailureOf(error)
  // the fee asks for no address (the package has its own): should such a refusal come, it is one like any other
  return failure.kind === 'address' ? { kind: 'refused', message: failure.message } : failure
}

const asShippingCall = <T>(call: () => Promise<T>) => asPayCall(call, shippingFeeFailureOf)

/**
 * The quote's failures: unlike a pay call's, a server fault there is an answer (the quote cannot be
 * made), which the page reports as spec §8's "failed to load shipping cost, contact support".
 */
function quoteFailureOf(error: unknown): ShippingFeeFailure {
  if (error instanceof ApiFailure && error.kind === 'server' && error.code !== ResultCode.notFound) {
    return { kind: 'refused', message: error.message }
  }
  return shippingFeeFailureOf(error)
}

/** What the flow keeps of a package (with its application's estimate for the page). */
export function shippingPackageOf(dto: PackageDto): ShippingPackage {
  return {
    id: dto.id,
    applyId: dto.applyId,
    packageNo: dto.packageNo,
    status: dto.status,
    weightG: dto.weightG,
    lengthMm: dto.lengthMm,
    widthMm: dto.widthMm,
    heightMm: dto.heightMm,
    amount: dto.amount,
    feeDue: dto.feeDue,
    deadlineState: dto.deadlineState,
    address: dto.address,
    applyEstimate: dto.applyEstimate,
  }
}

/**
 * The package by its id: its detail when the application is known, else found among the shopper's
 * packages (a link that named the package only).
 */
async function readPackage(packageId: number, applyId: number | null): Promise<ShippingPackage> {
  const language = currentLanguage()
  if (applyId !== null) return shippingPackageOf(await getPackageDetail(applyId, packageId, language, quiet))
  const page = await listPackages({ pageNum: 1, pageSize: 100, language }, quiet)
  const found = page.list.find((dto) => dto.id === packageId)
  if (!found) throw { kind: 'notFound' } satisfies ShippingFeeFailure
  return shippingPackageOf(found)
}

const machine = shippingFeeMachine.provide({
  actors: {
    payment: paymentWith(
      (request: ShippingPayRequest & { key: string }) => expressPay(request, quiet),
      shippingFeeFailureOf,
    ),
    readPackage: fromPromise(({ input }: { input: { packageId: number; applyId: number | null } }) =>
      asShippingCall(() => readPackage(input.packageId, input.applyId)),
    ),
    readOptions: fromPromise(({ input }: { input: { packageId: number } }) =>
      asPayCall(() => getShippingCost(input.packageId, quiet), quoteFailureOf),
    ),
  },
})

const store = payFlowStore<ShippingFeeActor, SavedShippingFee, ShippingFeeInput>({
  savedOf: savedShippingFeeOf,
  // the input is not used when a snapshot is given: the saved context is the flow
  restored: (saved) =>
    createActor(machine, { snapshot: saved as Snapshot<unknown>, input: { owner: saved.context.owner } }),
  fresh: (input) => createActor(machine, { input }),
})

/** States in which the /shipping page goes on with the flow of its package rather than starting anew. */
const PAYING_STATES = [
  'suspended',
  'checkingPackage',
  'loadingOptions',
  'optionsFailed',
  'choosing',
  'paying',
  'payOffline',
  'redirecting',
  'checkingPayment',
  'resumeOffline',
] as const

/** The shipping fee of a package in 3 (the /shipping page). */
export function shippingFeeForPackage(
  owner: string,
  packageId: number,
  applyId?: number,
): Promise<ShippingFeeActor> {
  return store.flowFor(
    owner,
    (s) => {
      const view = payFlowView(s)
      return s.context.packageId === packageId && PAYING_STATES.some((state) => view.matches(state))
    },
    applyId === undefined ? { owner, packageId } : { owner, packageId, applyId },
  )
}

/** The shipping fee the shopper came back from (/express-success): it waits for the verdict. */
export function shippingFeeForPayment(owner: string, paymentId: string): Promise<ShippingFeeActor> {
  return store.flowForPayment(owner, paymentId, { owner, paymentId })
}

/**
 * Whether this payment is a shipping fee this browser started (this tab's, or the saved one): the
 * shared return pages (`/order-cancel`, `/order-error`) then speak of the shipping fee. Reads storage
 * without starting anything.
 */
export async function isShippingFeeOf(owner: string, paymentId: string): Promise<boolean> {
  if (store.openFor(owner)?.getSnapshot().context.payment?.paymentId === paymentId) return true
  const saved = await savedShippingFeeOf(owner).restore()
  return saved?.context.payment?.paymentId === paymentId
}

/**
 * Stops this tab's shipping fee once its shopper is no longer the one signed in (a logout, another
 * account): the session forgets the saved flow then.
 */
export const followSession = store.followSession

/** Forgets the shopper's shipping fee. */
export const dropShippingFee = store.drop

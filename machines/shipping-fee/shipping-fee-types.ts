import type { DeadlineState } from '../../src/domain/deadlines.ts'
import type { PackageStatus } from '../../src/domain/package-status.ts'
import type { ApplyEstimateDto, ShippingOptionDto } from '../../src/domain/packaging.ts'
import { SHIPPING_REFUSALS, type ShippingRefusal } from '../../src/domain/shipping.ts'
import { type FlowFailure, flowFailureGuard, type KeptError, type PayFlowEvent } from '../payment/pay-flow.ts'
import type { PayChoice, PayFlowContext, PayFlowInput } from '../payment/payment-types.ts'

/* The shipping fee's terms: what it is given, what it keeps, what it hears and how a call fails. */

/**
 * Why a call of the shipping fee failed (FlowFailure), or `shippingRefused`: the chosen method cannot
 * carry this box to its address (409 with a reason: below the minimum, above the maximum, wrong
 * address): nothing was created.
 */
export type ShippingFeeFailure = FlowFailure<{
  kind: 'shippingRefused'
  reason: ShippingRefusal
  message: string
}>

/** A refusal kept for the page until the shopper acts again. */
export type ShippingFeeError = KeptError<ShippingFeeFailure>

export const isShippingFeeFailure = flowFailureGuard<ShippingFeeFailure>(
  (failure) =>
    failure.kind === 'shippingRefused' && (SHIPPING_REFUSALS as readonly unknown[]).includes(failure.reason),
)

/** The package as the shipping fee reads it from the server: its box, its address, where it stands. */
export interface ShippingPackage {
  id: number
  applyId: number
  packageNo: string
  status: PackageStatus
  weightG: number
  lengthMm: number
  widthMm: number
  heightMm: number
  /** The goods' value in the box. */
  amount: number
  /** The fee's due date (packed + 7 days) and the domain's verdict on it while unpaid. */
  feeDue: string
  deadlineState: DeadlineState | null
  /** The delivery address copied from the packaging request (read-only here). */
  address: Record<string, string | number | null>
  /** What its application estimated for its preferred method before packing (shown beside the fee). */
  applyEstimate: ApplyEstimateDto | null
}

/** What the shipping fee's pay call sends besides the attempt's key. */
export interface ShippingPayRequest extends PayChoice {
  packageId: number
  /** `?shippingMethodId=`. */
  methodId: number
}

export interface ShippingFeeContext extends PayFlowContext<ShippingFeeError> {
  packageId: number | null
  /** The application the package was packed from, once known (the detail call needs it). */
  applyId: number | null
  /** The package as last read from the server. */
  pkg: ShippingPackage | null
  /** The methods quoted for the package's box and address, as last read (null before). */
  options: ShippingOptionDto[] | null
  /** The chosen shipping method. */
  methodId: number | null
}

export interface ShippingFeeInput extends PayFlowInput {
  /** The package whose fee is to be paid (the /shipping page). */
  packageId?: number
  /** Its application, when the page knows it. */
  applyId?: number
}

export type ShippingFeeEvent =
  | PayFlowEvent
  /** The shipping method (one of the quoted, available ones). */
  | { type: 'CHOOSE_METHOD'; methodId: number }

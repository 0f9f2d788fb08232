import type { DeadlineState } from '../../src/domain/deadlines.ts'
import type { PackageStatus } from '../../src/domain/package-status.ts'
import type { ShippingOptionDto } from '../../src/domain/packaging.ts'
import { SHIPPING_REFUSALS, type ShippingRefusal } from '../../src/domain/shipping.ts'
import { isCommonFailureKind, type PayFlowEvent } from '../payment/pay-flow.ts'
import type { AttemptFields, PayChoice } from '../payment/payment-types.ts'

/* The shipping fee's terms: what it is given, what it keeps, what it hears and how a call fails. */

/**
 * Why a call of the shipping fee failed, as the feature that makes the calls reports it:
 * - `offline`: no answer (no network, timeout, a server fault): nobody knows whether the server acted;
 * - `latchClosed`: payments are closed (409 "Payment is currently unavailable"): nothing was created;
 * - `shippingRefused`: the chosen method cannot carry this box to its address (409 with a reason:
 *   below the minimum, above the maximum, wrong address): nothing was created;
 * - `refused`: any other refusal (409: locked, already paid …), with the server's message;
 * - `notFound`: the package or the payment does not exist for this shopper (404).
 */
export type ShippingFeeFailure =
  | { kind: 'offline' }
  | { kind: 'latchClosed'; message: string }
  | { kind: 'shippingRefused'; reason: ShippingRefusal; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'notFound' }

/** A refusal kept for the page until the shopper acts again. */
export type ShippingFeeError = Exclude<ShippingFeeFailure, { kind: 'offline' } | { kind: 'notFound' }>

export function isShippingFeeFailure(value: unknown): value is ShippingFeeFailure {
  const failure = value as { kind?: unknown; reason?: unknown } | null
  const kind = failure?.kind
  return (
    isCommonFailureKind(kind) ||
    (kind === 'shippingRefused' && (SHIPPING_REFUSALS as readonly unknown[]).includes(failure?.reason))
  )
}

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
}

/** What the shipping fee's pay call sends besides the attempt's key. */
export interface ShippingPayRequest extends PayChoice {
  packageId: number
  /** `?shippingMethodId=`. */
  methodId: number
}

export interface ShippingFeeContext extends AttemptFields {
  /** Whose payment (`customer:{id}`); a saved one of anyone else is never restored. */
  owner: string
  packageId: number | null
  /** The application the package was packed from, once known (the detail call needs it). */
  applyId: number | null
  /** The package as last read from the server. */
  pkg: ShippingPackage | null
  /** The methods quoted for the package's box and address, as last read (null before). */
  options: ShippingOptionDto[] | null
  /** The chosen shipping method. */
  methodId: number | null
  choice: PayChoice | null
  error: ShippingFeeError | null
}

export interface ShippingFeeInput {
  owner: string
  /** The package whose fee is to be paid (the /shipping page). */
  packageId?: number
  /** Its application, when the page knows it. */
  applyId?: number
  /** A payment the shopper came back from (a result page). */
  paymentId?: string
}

export type ShippingFeeEvent =
  | PayFlowEvent
  /** The shipping method (one of the quoted, available ones). */
  | { type: 'CHOOSE_METHOD'; methodId: number }

import type { AddressDto } from '../../src/domain/address.ts'
import type { OrderDto } from '../../src/domain/orders.ts'
import type { PackageApplyRefusal, ShippingMethodEstimateDto } from '../../src/domain/packaging.ts'

/* The packaging request's terms: what it reads, what it keeps, what it hears and how a call fails. */

/** The longest remark a request may carry (`packageApplyBody`: at most 200 UTF-16 units). */
export const MAX_REMARK_LENGTH = 200

/**
 * Why a call of the packaging request failed, as the feature that makes the calls reports it:
 * - `offline`: no answer (no network, timeout, a server fault): nobody knows whether the server acted;
 * - `refused`: the server said no (409) with its reason and the orders it is about;
 * - `invalid`: any other refusal (400 naming a field, a 409 without a reason), with the server's message.
 */
export type PackagingFailure =
  | { kind: 'offline' }
  | { kind: 'refused'; reason: PackageApplyRefusal; orderIds: number[] }
  | { kind: 'invalid'; message: string }

export function isPackagingFailure(value: unknown): value is PackagingFailure {
  const kind = (value as { kind?: unknown } | null)?.kind
  return kind === 'offline' || kind === 'refused' || kind === 'invalid'
}

/** The refusal the page explains until the shopper changes the request. */
export type PackagingRefusal = Exclude<PackagingFailure, { kind: 'offline' }>

/** What the request page reads from the server before the shopper chooses. */
export interface PackagingGoods {
  /** The operable orders in 6 finalPay not yet requested (GET /mall/package_apply/goods). */
  orders: OrderDto[]
  /** The shopper's addresses, the default first (GET /mall/address/list). */
  addresses: AddressDto[]
}

/** POST /mall/package_apply/apply, with the attempt's key (one per request, kept for its retries). */
export interface ApplyInput {
  key: string
  orderIds: number[]
  addressId: number
  shippingMethodId: number | null
  remark: string | null
}

export interface PackagingContext {
  /** Whose request (`customer:{id}`); a saved one of anyone else is never restored. */
  owner: string
  /** As last read from the server (replaced on every read: never trusted from storage). */
  orders: OrderDto[]
  addresses: AddressDto[]
  /** The methods for the chosen address, each with its "from ¥…" estimate. */
  methods: ShippingMethodEstimateDto[]
  /** The draft: chosen orders (in the list's order), address, preferred method (null: none), remark. */
  selected: number[]
  addressId: number | null
  methodId: number | null
  remark: string
  /**
   * The request's key once it was sent: its answer is awaited or was lost. Any change to the draft
   * makes another request, so it drops the key.
   */
  submitKey: string | null
  /** The application made (applied). */
  applyId: number | null
  /** Orders the last refusal named (no longer ready, forfeited): shown flagged, not selectable. */
  flagged: number[]
  refusal: PackagingRefusal | null
}

export interface PackagingInput {
  owner: string
}

export type PackagingEvent =
  | { type: 'TOGGLE_ORDER'; orderId: number }
  | { type: 'SELECT_ALL' }
  | { type: 'SELECT_NONE' }
  | { type: 'CHOOSE_ADDRESS'; addressId: number }
  /** The preferred method; null for none (chosen per box after packing). */
  | { type: 'CHOOSE_METHOD'; methodId: number | null }
  | { type: 'SET_REMARK'; remark: string }
  | { type: 'SUBMIT' }
  /** The shopper asked to try again: a read that failed, or a request without an answer (same key). */
  | { type: 'RETRY' }
  /** Leave a request without an answer and change the draft (a new request, with a new key). */
  | { type: 'EDIT' }
  /** The browser is back online. */
  | { type: 'ONLINE' }
  /** The flow was restored from storage, or its page opened again: read the server first. */
  | { type: 'RESUME' }

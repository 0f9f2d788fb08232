import * as v from 'valibot'
import type { CartLineReason } from './cart.ts'
import type { DeadlineState } from './deadlines.ts'
import { boundedText, optionalText, orRequired, payloadObject, rowId } from './fields.ts'
import { idValue, orderListEntries } from './list-queries.ts'
import type { MediaImageDto } from './media.ts'
import type { OrderStatus } from './order-status.ts'
import { type PaymentDto, pointsQueryValue } from './payments.ts'
import { languageQuery, optionalQueryValue, queryValue, wholeNumber } from './queries.ts'
import { ValidationMessage } from './validation-messages.ts'

/* Orders on the wire (flows §1, §9). Amounts are integer yen; times ISO strings; shop dates YYYY-MM-DD. */

/** An order left in 2 waitPay this long is cancelled by the sweep and its stock and points released. */
export const PAYMENT_WINDOW_MINUTES = 30

/**
 * A deposit awaiting the shopper's bank transfer holds its order this long from when the provider gave
 * the transfer's instructions: a furikomi takes up to a few banking days, not 30 minutes, and an order
 * cancelled meanwhile would turn the shopper's money into a refund.
 */
export const BANK_TRANSFER_HOLD_DAYS = 3

/** The most lines one checkout may order. */
export const MAX_ORDER_LINES = 200

/**
 * Why a product cannot be ordered: the cart's reasons (src/domain/cart.ts), plus `noPrice` when the
 * shopper's price role has no column in this language (the generic price label: nothing to charge).
 */
export type OrderRefusalReason = CartLineReason | 'noPrice'

/** The `data` of a 409 refusing an order because of one product; the client names it in its own words. */
export interface OrderRefusal {
  productId: number
  /** The product's name in the request's language. */
  productName: string
  reason: OrderRefusalReason
}

/** One product of an order, frozen at creation. `unitPrice` is the discounted price charged per unit. */
export interface OrderLineDto {
  id: number
  productId: number
  productName: string
  jpProductName: string | null
  enProductName: string | null
  /** First image of the product, for the list. */
  imgUrl: string | null
  /** That image's upload with its variants, when it was uploaded. */
  image?: MediaImageDto
  barcode: string
  productType: number
  /** The shopper's price before the member discount. */
  basePrice: number
  unitPrice: number
  quantity: number
  goods: number
  total: number
  deposit: number
  balance: number
}

export interface OrderDto {
  id: number
  /** null unless a child of a split order. */
  parentId: number | null
  status: OrderStatus
  createTime: string
  /** End of the payment window while in 2 waitPay; the balance due date once arrived. */
  payDueTime: string | null
  modifyTime: string
  goods: number
  /** What the member discount saved. */
  discount: number
  platformFee: number
  settlementFee: number
  deposit: number
  balance: number
  total: number
  /** Points held for the first payment (createOrder's `score`). */
  pointsHeld: number
  /** Yen and points received on confirmed payments. */
  paidAmount: number
  refundAmount: number
  remark: string | null
  arrivedAt: string | null
  balanceDue: string | null
  packagingDeadline: string | null
  forfeitAt: string | null
  lateFee: number
  deadlineState: DeadlineState | null
  lines: OrderLineDto[]
}

/** The delivery address copied onto the order at its first payment (spec §3 'Address' fields). */
export type OrderAddressDto = Record<string, string | number | null>

export interface OrderDetailDto extends OrderDto {
  children: OrderDto[]
  payments: PaymentDto[]
  address: OrderAddressDto | null
}

/**
 * GET /mall/order/settleDetails/{id}: what the first payment of an order in 2 waitPay costs. `amountDue`
 * is the deposit (or the whole total when no deposit applies); `payable` what the gateway charges after
 * the held points.
 */
export interface SettleDetailsDto {
  order: OrderDto
  amountDue: number
  pointsUsed: number
  payable: number
  /** Whether payments are open (the pay latch) and the operator's message when closed. */
  payOpen: boolean
  payMessage: string | null
  /** Every route runs in test mode (the sandbox gateway) — the page says so. */
  testMode: boolean
}

/** POST /mall/order/createOrder?score= { cartLineIds }: the selected cart lines become one order. */
export const createOrderBody = payloadObject({
  cartLineIds: v.pipe(
    v.array(idValueNumber(), orRequired(ValidationMessage.idList)),
    v.minLength(1, ValidationMessage.idList),
    v.maxLength(MAX_ORDER_LINES, ValidationMessage.idList),
  ),
})
export type CreateOrderBody = v.InferOutput<typeof createOrderBody>

export function idValueNumber() {
  return v.pipe(
    v.number(ValidationMessage.idList),
    v.integer(ValidationMessage.idList),
    v.minValue(1, ValidationMessage.idList),
    v.maxValue(999_999_999, ValidationMessage.idList),
  )
}

export const createOrderQuery = v.object({ ...languageQuery.entries, score: pointsQueryValue })
export type CreateOrderQuery = v.InferOutput<typeof createOrderQuery>

/** `{id}` of the order calls. */
export const orderIdParams = v.object({ id: idValue })

/** GET /mall/order/list and /mall/order/operatorList: the spec's query plus the language of the names. */
export const shopperOrderListQuery = v.pipe(
  v.object({ ...orderListEntries, ...languageQuery.entries }),
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      ({ startDate, endDate }) => startDate === undefined || endDate === undefined || endDate >= startDate,
      ValidationMessage.endBeforeStart,
    ),
    ['endDate'],
  ),
)
export type ShopperOrderListQuery = v.InferOutput<typeof shopperOrderListQuery>

/**
 * POST /mall/order/export: the list's filter as the body; `?language=` for the headers, `?format=csv`
 * for CSV (XLSX otherwise). `operable` chooses the operable list (true) or the original orders.
 */
export const orderExportBody = v.pipe(
  payloadObject({
    status: v.optional(v.nullable(v.pipe(v.number(ValidationMessage.orderStatus), v.integer()))),
    orderId: v.optional(v.nullable(rowId())),
    startDate: v.optional(v.nullable(v.string(ValidationMessage.date))),
    endDate: v.optional(v.nullable(v.string(ValidationMessage.date))),
    operable: v.optional(v.boolean(ValidationMessage.flag), false),
  }),
)
export type OrderExportBody = v.InferOutput<typeof orderExportBody>

export const orderExportQuery = v.object({
  ...languageQuery.entries,
  format: queryValue(v.picklist(['xlsx', 'csv'], 'must be xlsx or csv'), 'xlsx'),
})

/** Operator: POST /api/ops/orders/{id}/refund { reason }. */
export const refundBody = payloadObject({
  reason: optionalText(boundedText(200, ValidationMessage.atMost200)),
})

/**
 * The arrivals screen's search (`keyword` of GET /api/ops/orders): an order number, a JAN code or an
 * item number, matched exactly (item numbers in any case). Blank is no search.
 */
export const opsOrderKeyword = v.pipe(
  v.string(ValidationMessage.text),
  v.trim(),
  v.maxLength(50, ValidationMessage.atMost50),
  v.transform((keyword) => keyword || undefined),
)

/** Operator: GET /api/ops/orders — status of table B, the shopper, the order, the date range and a keyword. */
export const opsOrderListEntries = {
  ...orderListEntries,
  userId: optionalQueryValue(wholeNumber(1, 999_999_999)),
  keyword: optionalQueryValue(opsOrderKeyword),
}

export const opsOrderListQuery = v.pipe(
  v.object(opsOrderListEntries),
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      ({ startDate, endDate }) => startDate === undefined || endDate === undefined || endDate >= startDate,
      ValidationMessage.endBeforeStart,
    ),
    ['endDate'],
  ),
)
export type OpsOrderListQuery = v.InferOutput<typeof opsOrderListQuery>

/** An order as the operator sees it: the shopper's id, e-mail and nickname besides the order. */
export interface OpsOrderDto extends OrderDto {
  userId: number
  userEmail: string
  userNickname: string
}

export interface OpsOrderDetailDto extends OrderDetailDto {
  userId: number
  userEmail: string
  userNickname: string
  /** The audit log of this order, newest first. */
  audit: {
    id: number
    action: string
    actor: string | null
    createTime: string
    before: unknown
    after: unknown
  }[]
}

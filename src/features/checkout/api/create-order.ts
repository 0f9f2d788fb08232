import type { Language } from '../../../domain/language.ts'
import type { CreateOrderBody, OrderDto } from '../../../domain/orders.ts'
import { IDEMPOTENCY_KEY_HEADER } from '../../../domain/payments.ts'
import { type ApiCallOptions, apiPost } from '../../../lib/api-client.ts'

/**
 * POST /mall/order/createOrder?score= { cartLineIds }: the selected cart lines become one order. The key
 * is the checkout's, kept for every retry, so a lost answer never orders twice. `language` names the
 * product of a refusal in the shopper's language.
 */
export const createOrder = (
  body: CreateOrderBody,
  score: number,
  key: string,
  language: Language,
  options: ApiCallOptions = {},
) =>
  apiPost<OrderDto>('/mall/order/createOrder', body, {
    ...options,
    query: { score, language },
    headers: { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: key },
  })

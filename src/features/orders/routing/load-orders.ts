import { notFound } from '@tanstack/react-router'
import type { Language } from '../../../domain/language.ts'
import type { OrderDetailDto, OrderDto } from '../../../domain/orders.ts'
import { DEFAULT_PAGE_SIZE, type Page } from '../../../domain/queries.ts'
import { isNotFoundFailure } from '../../catalog/routing/load-failure.ts'
import { listOperableOrders } from '../api/list-operable-orders.ts'
import { listOrders } from '../api/list-orders.ts'
import { getOrderDetail } from '../api/order-detail.ts'
import type { OrderListSearch, OrderListView } from './order-list-search.ts'

export interface OrderListData {
  page: Page<OrderDto>
  view: OrderListView
}

/** Loader of /order-list/list: the page of the chosen view under the filter in the address. */
export async function loadOrderList(search: OrderListSearch, language: Language): Promise<OrderListData> {
  const view = search.view ?? 'operable'
  const query = {
    pageNum: search.pageNum,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
    status: search.status,
    orderId: search.orderId,
    startDate: search.startDate,
    endDate: search.endDate,
    language,
  }
  const page = view === 'original' ? await listOrders(query) : await listOperableOrders(query)
  return { page, view }
}

/** An order id as the address spells it, or undefined when it cannot be one. */
export function orderIdOf(param: string): number | undefined {
  return /^[1-9]\d{0,8}$/.test(param) ? Number(param) : undefined
}

/** Loader of /order/$id: an unknown order, or another shopper's, is the route's not-found page. */
export async function loadOrderDetail(idParam: string, language: Language): Promise<OrderDetailDto> {
  const id = orderIdOf(idParam)
  if (id === undefined) throw notFound()
  try {
    return await getOrderDetail(id, language)
  } catch (error) {
    if (isNotFoundFailure(error)) throw notFound()
    throw error
  }
}

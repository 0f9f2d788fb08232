import { HttpResponse, http } from 'msw'
import { STAFF_PERMISSIONS } from '../../../src/domain/staff.ts'

const ok = <T>(data: T) => HttpResponse.json({ code: 200, msg: 'success', data })

/**
 * What the app shell and the home page call on every page, answered as an empty shop. A test serves
 * its own answers with server.use(), which win over these; server.resetHandlers() brings these back.
 */
export const defaultHandlers = [
  http.get('*/api/mall/category/list', () => ok([])),
  http.get('*/api/mall/banner/list', () => ok([])),
  http.get('*/api/mall/announcement/list', () => ok([])),
  http.get('*/api/mall/footer/list', () => ok([])),
  http.get('*/api/mall/customer_service/list', () => ok([])),
  http.get('*/api/mall/product/hotSeriesList', () => ok([])),
  http.get('*/api/mall/product/recommendList', () => ok([])),
  http.get('*/api/mall/product/hotList', () => ok([])),
  http.get('*/api/mall/product/newList', () => ok([])),
  http.get('*/api/mall/product/discountList', () => ok([])),
  http.get('*/api/mall/brand/trending', () => ok([])),
  // a signed-in shopper's startup: an empty cart, no address
  http.get('*/api/mall/cart/listCart', () => ok([])),
  http.get('*/api/mall/address/list', () => ok([])),
  // and no balance due (the orders badge)
  http.get('*/api/mall/order/finalCount', () => ok({ count: 0, overCount: 0 })),
  // nothing waiting for packaging or a shipping fee (the packaging and shipping badges)
  http.get('*/api/mall/package_apply/notifyCount', () =>
    ok({ applyCount: 0, applyOverCount: 0, count: 0, overCount: 0, badgeCount: 0 }),
  ),
  // no restock alerts (the account page) and none on any product (its "notify me")
  http.get('*/api/mall/alert/list', () => ok({ list: [], total: 0, pageNum: 1, pageSize: 20 })),
  http.get('*/api/mall/alert/state/:productId', () => ok({ subscribed: false })),
  http.get('*/api/ops/products/:id/alerts', () => ok({ subscribers: 0 })),
  // no photos of a packed box yet (the package page, the packing room)
  http.get('*/api/mall/package/photos/:packageId', () => ok({ list: [] })),
  http.get('*/api/ops/packages/:id/photos', () => ok({ list: [] })),
  // and no extra fee to pay (the extra-pay badge)
  http.get('*/api/mall/extra_pay/count', () => ok({ count: 0 })),
  // pages a test reaches by a link or a search without looking at them
  http.get('*/api/mall/product/search', ({ request }) =>
    ok({
      list: [],
      total: 0,
      pageNum: Number(new URL(request.url).searchParams.get('pageNum') ?? 1),
      pageSize: 30,
    }),
  ),
  http.get('*/api/mall/article/:id', () =>
    HttpResponse.json({ code: 404, msg: 'article: not found', data: null }, { status: 404 }),
  ),
  http.get('*/api/mall/cart/listCart', () => ok([])),
  // the console's frame asks who the operator is: one holding every room (the first operator)
  http.get('*/api/ops/me', () =>
    ok({
      id: 7,
      email: 'ops@example.com',
      nickname: '店长',
      permissions: [...STAFF_PERMISSIONS],
      mustChangePassword: false,
    }),
  ),
  http.get('*/api/mall/charge/details', () =>
    ok({ discount: 1, platPercent: 0, frontMoney: 1, settlePercent: 0, rate: null }),
  ),
  // the settings room's charges and rate (tests of that room serve their own)
  http.get('*/api/ops/settings/charges', () =>
    ok({
      frontMoney: 1,
      discount: 1,
      platPercent: 0,
      settlePercent: 0,
      storageFeePerDay: 100,
      maxRate: null,
    }),
  ),
  http.get('*/api/ops/settings/rate', () => ok({ rate: null })),
]

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Envelope } from '../../src/domain/result-code.ts'
import { insertProducts, productRow } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

interface JsonSchema {
  type?: string
  required?: string[]
  properties?: Record<string, unknown>
}

interface OpenApiOperation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, { content: Record<string, { schema: unknown }> }>
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { schemas: Record<string, unknown> }
}

describe.each(engines)('API conventions on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(async () => {
    await t.close()
  })

  it('answers the health check in the envelope', async () => {
    const { status, body } = await t.getJson<Envelope<unknown>>('/api/health')
    expect(status).toBe(200)
    expect(body).toEqual({ code: 200, msg: 'success', data: { status: 'ok', database: 'ok' } })
  })

  it('rejects a bad query with 400 naming the field, in the envelope', async () => {
    const { status, body } = await t.getJson<Envelope<{ fields: { field: string }[] }>>(
      '/api/mall/product/hotList?language=fr',
    )
    expect(status).toBe(400)
    expect(body.code).toBe(400)
    expect(body.msg).toMatch(/^language: must be one of zhCn, ja, en/)
    expect(body.data.fields.map((f) => f.field)).toEqual(['language'])
  })

  it('treats a missing or empty language as the default', async () => {
    for (const query of ['', '?language=']) {
      const { status, body } = await t.getJson<Envelope<unknown>>(`/api/mall/product/hotList${query}`)
      expect(status).toBe(200)
      expect(body.code).toBe(200)
    }
  })

  it('answers an unknown call with a 404 envelope, never the PWA shell', async () => {
    const response = await t.app.request('/api/mall/nothing/here')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/application\/json/)
    expect(await response.json()).toMatchObject({ code: 404, data: null })
  })

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await t.app.request('/api/health')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('compresses API answers for clients that accept gzip', async () => {
    await insertProducts(
      t.db,
      Array.from({ length: 12 }, (_, i) =>
        productRow({ hotRank: i + 1, productName: `压缩测试商品 ${'长'.repeat(40)} ${i}` }),
      ),
    )
    const response = await t.app.request('/api/mall/product/hotList', {
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('gzip')
  })

  it('publishes every call in /api/openapi.json', async () => {
    const { body } =
      await t.getJson<
        Envelope<{
          openapi: string
          paths: Record<string, Record<string, { parameters: { name: string; required: boolean }[] }>>
        }>
      >('/api/openapi.json')
    expect(body.data.openapi).toBe('3.1.0')
    expect(Object.keys(body.data.paths).sort()).toEqual([
      '/api/health',
      '/api/mall/address/del/{id}',
      '/api/mall/address/list',
      '/api/mall/address/save',
      '/api/mall/address/update',
      '/api/mall/alert/list',
      '/api/mall/alert/state/{productId}',
      '/api/mall/alert/subscribe/{productId}',
      '/api/mall/alert/{productId}',
      '/api/mall/announcement/list',
      '/api/mall/article/{id}',
      '/api/mall/banner/list',
      '/api/mall/brand/list',
      '/api/mall/brand/trending',
      '/api/mall/calendar/feed/{file}',
      '/api/mall/calendar/ics-url',
      '/api/mall/calendar/ics-url/rotate',
      '/api/mall/cart/addToCart',
      '/api/mall/cart/changeNum/{id}/{num}',
      '/api/mall/cart/clearCart',
      '/api/mall/cart/listCart',
      '/api/mall/cart/removeFromCart',
      '/api/mall/category/list',
      '/api/mall/charge/details',
      '/api/mall/collect/check/{productId}',
      '/api/mall/collect/clear',
      '/api/mall/collect/collectOrDelete/{productId}',
      '/api/mall/collect/list',
      '/api/mall/customer_service/list',
      '/api/mall/exchange_rate/get',
      '/api/mall/exchange_rate/get2',
      '/api/mall/extra_pay/count',
      '/api/mall/extra_pay/list',
      '/api/mall/extra_pay/pay/{type}/{ids}/{score}',
      '/api/mall/footer/list',
      '/api/mall/history/collectOrCancel/{productId}',
      '/api/mall/history/list',
      '/api/mall/history/removeOrClear',
      '/api/mall/order/cancel/{id}',
      '/api/mall/order/childList/{parentId}',
      '/api/mall/order/createOrder',
      '/api/mall/order/export',
      '/api/mall/order/finalCount',
      '/api/mall/order/finallyPay/{type}/{orderId}',
      '/api/mall/order/list',
      '/api/mall/order/operatorList',
      '/api/mall/order/orderPay/{type}/{id}',
      '/api/mall/order/settleDetails/{id}',
      '/api/mall/order/{id}',
      '/api/mall/package/detail/{applyId}/{boxId}',
      '/api/mall/package/expressPay/{type}/{packageId}',
      '/api/mall/package/list',
      '/api/mall/package/photos/{packageId}',
      '/api/mall/package/shippingCost/{packageId}',
      '/api/mall/package/tracking/{packageId}',
      '/api/mall/package_apply/apply',
      '/api/mall/package_apply/goods',
      '/api/mall/package_apply/list',
      '/api/mall/package_apply/methods',
      '/api/mall/package_apply/notifyCount',
      '/api/mall/pay/latch',
      '/api/mall/pay/status/{paymentId}',
      '/api/mall/paypal/expressPay/{packageId}',
      '/api/mall/paypal/extraPay/{ids}/{score}',
      '/api/mall/paypal/finallyPay/{orderId}',
      '/api/mall/paypal/orderPay/{id}',
      '/api/mall/product/allSeries',
      '/api/mall/product/bestList',
      '/api/mall/product/calendar',
      '/api/mall/product/details/{id}',
      '/api/mall/product/discountList',
      '/api/mall/product/discountListPage',
      '/api/mall/product/hotList',
      '/api/mall/product/hotListPage',
      '/api/mall/product/hotSeriesList',
      '/api/mall/product/hotSeriesPage',
      '/api/mall/product/newList',
      '/api/mall/product/newListPage',
      '/api/mall/product/preview/{id}',
      '/api/mall/product/recommendList',
      '/api/mall/product/recommendListPage',
      '/api/mall/product/search',
      '/api/mall/push/subscribe',
      '/api/mall/push/vapidPublicKey',
      '/api/mall/sb_pay/expressPay/{type}/{packageId}',
      '/api/mall/sb_pay/extraPay/{type}/{ids}',
      '/api/mall/sb_pay/finalPay/{type}/{orderId}',
      '/api/mall/sb_pay/orderPay/{type}/{id}',
      '/api/mall/score/list',
      '/api/mall/user/changePwd',
      '/api/mall/user/checkToken',
      '/api/mall/user/code/email',
      '/api/mall/user/exit',
      '/api/mall/user/info',
      '/api/mall/user/login',
      '/api/mall/user/payInfo',
      '/api/mall/user/register',
      '/api/mall/user/replaceEmail',
      '/api/mall/user/reset',
      '/api/mall/user/updateAvatar',
      '/api/mall/user/updateBaseInfo',
      '/api/mall/user/updateWechat',
      '/api/mall/uszip/state-city',
      '/api/mall/vip/list',
      '/api/ops/announcements',
      '/api/ops/announcements/{id}',
      '/api/ops/articles',
      '/api/ops/articles/{id}',
      '/api/ops/audit',
      '/api/ops/audit/filters',
      '/api/ops/banners',
      '/api/ops/banners/order',
      '/api/ops/banners/{id}',
      '/api/ops/brands',
      '/api/ops/brands/{id}',
      '/api/ops/categories',
      '/api/ops/categories/{id}',
      '/api/ops/content/media',
      '/api/ops/customers',
      '/api/ops/customers/{id}',
      '/api/ops/customers/{id}/disable',
      '/api/ops/customers/{id}/points',
      '/api/ops/customers/{id}/role',
      '/api/ops/extra-fees',
      '/api/ops/extra-fees/{id}/void',
      '/api/ops/jobs/deadlines/run',
      '/api/ops/jobs/tiers/run',
      '/api/ops/me',
      '/api/ops/media',
      '/api/ops/orders',
      '/api/ops/orders/{id}',
      '/api/ops/orders/{id}/arrival',
      '/api/ops/orders/{id}/ordered',
      '/api/ops/orders/{id}/refund',
      '/api/ops/orders/{id}/split',
      '/api/ops/package-applies',
      '/api/ops/package-applies/{id}',
      '/api/ops/package-applies/{id}/pack',
      '/api/ops/package-applies/{id}/picked',
      '/api/ops/packages',
      '/api/ops/packages/{id}',
      '/api/ops/packages/{id}/delivered',
      '/api/ops/packages/{id}/photos',
      '/api/ops/packages/{id}/photos/{photoId}',
      '/api/ops/packages/{id}/ship',
      '/api/ops/products',
      '/api/ops/products/export',
      '/api/ops/products/import',
      '/api/ops/products/import-template',
      '/api/ops/products/{id}',
      '/api/ops/products/{id}/alerts',
      '/api/ops/series',
      '/api/ops/series/{id}',
      '/api/ops/settings/charges',
      '/api/ops/settings/customer-service',
      '/api/ops/settings/pay-latch',
      '/api/ops/settings/rate',
      '/api/ops/settings/vip-levels',
      '/api/ops/shipping-methods',
      '/api/ops/staff',
      '/api/ops/staff/{id}',
      '/api/package-photos/{packageId}/{file}',
      '/api/pay/return/{paymentId}/{outcome}',
      '/api/pay/sandbox/{paymentId}',
      '/api/pay/sandbox/{paymentId}/{outcome}',
      '/api/pay/sbps/form/{paymentId}',
      '/api/pay/sbps/submit.js',
      '/api/pay/webhook/{gateway}',
      '/api/ready',
    ])
    expect(body.data.paths['/api/mall/cart/clearCart']?.delete?.parameters).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ])
    expect(body.data.paths['/api/mall/product/hotList']?.get?.parameters).toEqual([
      { name: 'language', in: 'query', required: false, schema: { type: 'string', default: '' } },
    ])
    expect(body.data.paths['/api/mall/product/details/{id}']?.get?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
      { name: 'language', in: 'query', required: false, schema: { type: 'string', default: '' } },
    ])
  })

  it('types each body from the schema its handler validates with, and documents each failure', async () => {
    const { body } = await t.getJson<Envelope<OpenApiDocument>>('/api/openapi.json')
    const save = body.data.paths['/api/mall/address/save']?.post
    const sent = save?.requestBody?.content['application/json']?.schema
    expect(sent?.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'telephone', 'country']))
    expect(sent?.properties?.firstName).toEqual({ type: 'string', minLength: 1, maxLength: 50 })
    expect(Object.keys(save?.responses ?? {})).toEqual(['200', '400', '401', '403', '413', '500'])
    // a pay call: its id may be someone else's (404), the state may refuse (409), and it is rate limited
    const pay = body.data.paths['/api/mall/order/orderPay/{type}/{id}']?.post
    expect(Object.keys(pay?.responses ?? {})).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '429',
      '500',
    ])
    expect(pay?.responses['429']?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/TooMany',
    })
    // a public read has neither session failures nor a body limit
    const hot = body.data.paths['/api/mall/product/hotList']?.get
    expect(Object.keys(hot?.responses ?? {})).toEqual(['200', '400', '500'])
    // every reference points at a published schema
    const refs = JSON.stringify(body.data).match(/#\/components\/schemas\/\w+/g) ?? []
    for (const name of new Set(refs.map((path) => path.split('/').pop() ?? '')))
      expect(body.data.components.schemas[name], name).toBeDefined()
  })
})

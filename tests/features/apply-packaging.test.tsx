import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { PackageApplyDto, PackageApplyLineDto } from '../../src/domain/packaging.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { failed, ok, pageOf } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

function applyLine(id: number, overrides: Partial<PackageApplyLineDto> = {}): PackageApplyLineDto {
  return {
    id,
    orderId: 100 + id,
    productId: id,
    productName: `商品 ${id}`,
    jpProductName: `商品 ${id} JP`,
    enProductName: `Product ${id}`,
    barcode: `458000000000${id}`,
    quantity: 1,
    unitPrice: 12800,
    total: 12800,
    ...overrides,
  }
}

function application(id: number, overrides: Partial<PackageApplyDto> = {}): PackageApplyDto {
  return {
    id,
    createTime: '2026-11-20T01:30:00.000Z',
    status: 1,
    orderIds: [101, 102],
    lines: [applyLine(1, { quantity: 2 }), applyLine(2)],
    productCount: 3,
    barcodes: ['4580000000001', '4580000000002'],
    weightG: null,
    billedWeightG: null,
    arrivedAt: '2026-11-01',
    freeStorageUntil: '2026-12-16',
    shippingMethodId: null,
    remark: null,
    packageIds: [],
    ...overrides,
  }
}

/** A signed-in shopper whose history answers from `applies`; returns what each call asked. */
function serveHistory(applies: PackageApplyDto[], language?: string) {
  if (language) localStorage.setItem('localeLang', language)
  signIn()
  const heard: Record<string, string>[] = []
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/mall/package_apply/list', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams)
      heard.push(params)
      const pageNum = Number(params.pageNum ?? 1)
      const pageSize = Number(params.pageSize ?? 30)
      return ok(
        pageOf(
          applies.slice((pageNum - 1) * pageSize, pageNum * pageSize),
          applies.length,
          pageNum,
          pageSize,
        ),
      )
    }),
  )
  return heard
}

// The first page of a run also brings the texts and the page's code: give it time.
const findApply = async (id: number) =>
  (await screen.findByRole('article', { name: `申请编号 ${id}` }, { timeout: 5000 })) as HTMLElement
const fact = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling?.textContent

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

describe('packaging history', () => {
  it('sends a visitor to log in first', async () => {
    const { router } = await renderApp('/apply-packaging')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('shows each application with its status, products, barcodes, counts, weights, dates and packages', async () => {
    const heard = serveHistory([
      application(12, {
        status: 3,
        weightG: 1234,
        billedWeightG: 1500,
        packageIds: [40, 41],
        remark: '易碎品',
        freeStorageUntil: '2026-11-27',
      }),
      application(11, { status: 2, orderIds: [99] }),
      application(10),
    ])
    await renderApp('/apply-packaging')
    const packed = await findApply(12)
    expect(screen.getByRole('heading', { level: 1, name: '打包记录' })).toBeTruthy()
    expect(screen.getByText('共 3 个打包申请')).toBeTruthy()
    expect(heard[0]).toEqual({ pageNum: '1', pageSize: '10', language: 'zhCn' })

    const card = within(packed)
    expect(card.getByText('已打包').dataset.tone).toBe('done')
    expect(card.getByText('申请时间 2026-11-20 10:30')).toBeTruthy()
    expect(card.getByText('商品 1')).toBeTruthy()
    expect(card.getByText('条码 4580000000001')).toBeTruthy()
    expect(card.getByText('数量 2')).toBeTruthy()
    expect(card.getByText('商品 2')).toBeTruthy()
    expect(fact(packed, '订单数')).toBe('2')
    expect(fact(packed, '商品件数')).toBe('3')
    expect(fact(packed, '重量')).toBe('1,234 g')
    expect(fact(packed, '计费重量')).toBe('1,500 g')
    expect(fact(packed, '到货日期')).toBe('2026-11-01')
    expect(fact(packed, '免费仓储截止')).toBe('2026-11-27')
    expect(card.getByText('备注：易碎品')).toBeTruthy()
    expect(card.getByRole('link', { name: '查看包裹' }).getAttribute('href')).toBe('/package?applyId=12')

    // before packing: no weights yet, no packages to see
    const picked = screen.getByRole('article', { name: '申请编号 11' })
    expect(within(picked).getByText('已拣货，待打包').dataset.tone).toBe('other')
    expect(fact(picked, '订单数')).toBe('1')
    expect(fact(picked, '重量')).toBe('打包后称重')
    expect(within(picked).queryByRole('link', { name: '查看包裹' })).toBeNull()
    expect(within(picked).getByText('打包完成后可查看包裹')).toBeTruthy()
    const requested = screen.getByRole('article', { name: '申请编号 10' })
    expect(within(requested).getByText('已申请，待拣货').dataset.tone).toBe('waiting')
  })

  it('asks in the shown language and names the products in it', async () => {
    const heard = serveHistory([application(10, { status: 1 })], 'ja')
    await renderApp('/apply-packaging')
    expect(await screen.findByText('商品 1 JP', {}, { timeout: 5000 })).toBeTruthy()
    expect(heard[0]?.language).toBe('ja')
  })

  it('pages through the applications', async () => {
    const heard = serveHistory(Array.from({ length: 12 }, (_, index) => application(100 - index)))
    await renderApp('/apply-packaging')
    await findApply(100)
    expect(screen.queryByRole('article', { name: '申请编号 90' })).toBeNull()
    fireEvent.click(screen.getByRole('link', { name: '第 2 页' }))
    await findApply(90)
    expect(heard.at(-1)).toMatchObject({ pageNum: '2', pageSize: '10' })
  })

  it('says when there is no application yet, with the way to request one', async () => {
    serveHistory([])
    await renderApp('/apply-packaging')
    expect(await screen.findByText('还没有打包申请', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByRole('link', { name: '去申请打包' }).getAttribute('href')).toBe('/packaging')
  })

  it('says when the history cannot be read, and reads it again on retry', async () => {
    serveHistory([application(10)])
    let fail = true
    server.use(
      http.get('*/api/mall/package_apply/list', () =>
        fail ? failed(500, 'database down') : ok(pageOf([application(10)], 1, 1, 10)),
      ),
    )
    await renderApp('/apply-packaging')
    expect(await screen.findByText('打包记录读取失败', {}, { timeout: 5000 })).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    await findApply(10)
    expect(screen.queryByText('打包记录读取失败')).toBeNull()
  })
})

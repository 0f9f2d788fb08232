import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OpsBrandDto, OpsCategoryDto, OpsSeriesDto } from '../../src/domain/catalog-taxonomy.ts'
import type { MediaImageDto } from '../../src/domain/media.ts'
import { MediaMessage } from '../../src/domain/media-messages.ts'
import type { OpsProductDto } from '../../src/domain/product-editor.ts'
import { ProductImportMessage } from '../../src/domain/product-files.ts'
import { abortAllRequests } from '../../src/lib/api-client.ts'
import { LANGUAGE_STORAGE_KEY } from '../../src/lib/i18n.ts'
import { dismissAllToasts } from '../../src/lib/toast.ts'
import { ok } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'
import { signIn, startupHandlers } from './support/signed-in.ts'

afterEach(() => {
  abortAllRequests()
  dismissAllToasts()
})

function imageOf(id: number): MediaImageDto {
  return {
    id,
    width: 1280,
    height: 1280,
    placeholder: 'data:image/webp;base64,AAAA',
    variants: [320, 640, 1280].flatMap((width) => [
      { width, format: 'webp' as const, url: `/media/m${id}-${width}.webp` },
      { width, format: 'avif' as const, url: `/media/m${id}-${width}.avif` },
    ]),
  }
}

function productOf(id: number, overrides: Partial<OpsProductDto> = {}): OpsProductDto {
  return {
    id,
    itemNo: `YY-${id}`,
    janCode: '4901234567894',
    boxBarcode: null,
    productName: `初音未来 手办 ${id}`,
    jpProductName: `初音ミク フィギュア ${id}`,
    enProductName: `Hatsune Miku figure ${id}`,
    type: 1,
    categoryId: 11,
    seriesId: 21,
    brandId: 31,
    sellTime: '2027-03-15',
    preSellEndTime: '2027-01-15T14:59:00.000Z',
    releaseDate: null,
    cnAlonePrice: 12_000,
    cnBatchPrice: -10_000,
    jpAlonePrice: 11_000,
    jpBatchPrice: 9_500,
    enAlonePrice: 13_000,
    enBatchPrice: 10_500,
    isDiscount: false,
    isFront: true,
    boxIn: 6,
    orderBase: 1,
    stock: 40,
    status: 1,
    hotRank: null,
    newRank: 3,
    recommendRank: null,
    weightG: 850,
    description: '<p>全长约 20 cm</p>',
    jpDescription: null,
    enDescription: null,
    images: [imageOf(501)],
    imgList: [],
    updatedAt: '2026-11-20T01:00:00.000Z',
    createTime: '2026-11-01T01:00:00.000Z',
    ...overrides,
  }
}

const categories: OpsCategoryDto[] = [
  {
    id: 10,
    name: '手办',
    jpName: 'フィギュア',
    enName: 'Figures',
    sort: 0,
    productCount: 1,
    parentId: null,
    children: [
      {
        id: 11,
        name: '比例手办',
        jpName: null,
        enName: null,
        sort: 0,
        productCount: 1,
        parentId: 10,
        children: [],
      },
    ],
  },
]
const series: OpsSeriesDto[] = [
  { id: 21, name: 'VOCALOID', jpName: null, enName: null, sort: 0, productCount: 1, hot: true },
]
const brands: OpsBrandDto[] = [
  {
    id: 31,
    name: '好微笑',
    jpName: 'グッドスマイル',
    enName: 'Good Smile',
    sort: 0,
    productCount: 1,
    logo: null,
  },
  { id: 32, name: '寿屋', jpName: 'コトブキヤ', enName: 'Kotobukiya', sort: 1, productCount: 0, logo: null },
]

function operator() {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '店长', wechat: 'other' })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
    http.get('*/api/ops/me', () =>
      ok({ id: 7, email: 'ops@example.com', permissions: ['catalog'], mustChangePassword: false }),
    ),
    http.get('*/api/ops/categories', () => ok(categories)),
    http.get('*/api/ops/series', () => ok(series)),
    http.get('*/api/ops/brands', () => ok(brands)),
  )
}

/** Serves GET /api/ops/products from `list`, recording each query. */
function serveList(list: OpsProductDto[]) {
  const queries: Record<string, string>[] = []
  server.use(
    http.get('*/api/ops/products', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      queries.push(query)
      const found = list.filter(
        (product) =>
          (query.type === undefined || product.type === Number(query.type)) &&
          (query.brandId === undefined || product.brandId === Number(query.brandId)),
      )
      return ok({ list: found, total: found.length, pageNum: 1, pageSize: Number(query.pageSize) })
    }),
  )
  return queries
}

/** Serves one product: GET answers it, PUT answers `onPut` (default: saved), each body recorded. */
function serveProduct(
  product: OpsProductDto,
  onPut?: (body: Record<string, unknown>, count: number) => Response | undefined,
) {
  const puts: Record<string, unknown>[] = []
  server.use(
    http.get(`*/api/ops/products/${product.id}`, () => ok(product)),
    http.get(`*/api/ops/products/${product.id}/alerts`, () => ok({ subscribers: product.id === 5 ? 3 : 0 })),
    http.put(`*/api/ops/products/${product.id}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      puts.push(body)
      return (
        onPut?.(body, puts.length) ??
        ok({
          ...product,
          ...body,
          images: (body.images as number[]).map(imageOf),
          updatedAt: '2026-11-28T05:00:00.000Z',
        })
      )
    }),
  )
  return puts
}

async function open(path: string, language: 'zhCn' | 'ja' | 'en' = 'zhCn') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  return renderApp(path)
}

const field = (label: string | RegExp) =>
  screen.getByLabelText(label, { selector: 'input, select, textarea' })
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } })
const form = () => screen.findByRole('form', { name: '商品资料' }, { timeout: 5000 })

describe('products list', () => {
  it('shows each product’s item number, names, type, the operator’s prices, stock, status and update time', async () => {
    operator()
    const queries = serveList([productOf(1), productOf(2, { type: 2, status: 2, images: [], stock: 0 })])
    await open('/ops/products')
    const table = await screen.findByRole('table', { name: '商品列表' }, { timeout: 5000 })
    const row = within(table).getByRole('link', { name: /YY-1/ }).closest('tr') as HTMLElement
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells).toEqual([
      'YY-1',
      '',
      '初音未来 手办 1JAN 4901234567894',
      '预订',
      '¥12,000',
      '¥10,000仅限合作伙伴',
      '40',
      '上架',
      '2026-11-20 10:00',
    ])
    // the cover's 320 px variant
    expect(within(row).getByRole('presentation').getAttribute('src')).toBe('/media/m501-320.webp')
    expect(queries[0]).toEqual({ pageNum: '1', pageSize: '30' })
  })

  it('builds the query from the keyword and the filters, and starts from the address’s filters', async () => {
    operator()
    const queries = serveList([productOf(1), productOf(2, { type: 2, brandId: 32 })])
    await open('/ops/products?status=2')
    await screen.findByRole('table', { name: '商品列表' }, { timeout: 5000 })
    expect(queries.at(-1)).toEqual({ pageNum: '1', pageSize: '30', status: '2' })

    await screen.findByRole('option', { name: '寿屋' })
    fireEvent.change(field('品牌'), { target: { value: '32' } })
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ pageNum: '1', pageSize: '30', status: '2', brandId: '32' }),
    )

    type('类型', '2')
    await waitFor(() => expect(queries.at(-1)?.type).toBe('2'))

    type('关键词', ' 4901234 ')
    fireEvent.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({
        pageNum: '1',
        pageSize: '30',
        status: '2',
        brandId: '32',
        type: '2',
        keyword: '4901234',
      }),
    )

    fireEvent.click(screen.getByRole('button', { name: '重置' }))
    await waitFor(() => expect(queries.at(-1)).toEqual({ pageNum: '1', pageSize: '30' }))
  })

  it('exports what the list’s filters choose (not its page), and links to the import', async () => {
    operator()
    const queries = serveList([productOf(1), productOf(2, { type: 2, brandId: 32 })])
    const exports: Record<string, string>[] = []
    server.use(
      http.get('*/api/ops/products/export', ({ request }) => {
        exports.push(Object.fromEntries(new URL(request.url).searchParams))
        return new HttpResponse('itemNo\nYY-2\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="products.csv"',
          },
        })
      }),
    )
    // jsdom has no object URLs and does not download: record the names handed to the browser.
    const saved: string[] = []
    URL.createObjectURL = vi.fn(() => 'blob:products')
    URL.revokeObjectURL = vi.fn()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download)
    })
    try {
      await open('/ops/products?status=2&brandId=32&pageNum=2')
      await screen.findByRole('table', { name: '商品列表' }, { timeout: 5000 })
      fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }))
      await waitFor(() => expect(saved).toEqual(['products.csv']))
      expect(exports).toEqual([{ format: 'csv', status: '2', brandId: '32' }])

      type('关键词', 'YY')
      fireEvent.click(screen.getByRole('button', { name: '搜索' }))
      await waitFor(() => expect(queries.at(-1)?.keyword).toBe('YY'))
      fireEvent.click(screen.getByRole('button', { name: '导出 XLSX' }))
      await waitFor(() => expect(exports).toHaveLength(2))
      expect(exports[1]).toEqual({ format: 'xlsx', status: '2', brandId: '32', keyword: 'YY' })
    } finally {
      click.mockRestore()
    }

    const page = screen.getByRole('region', { name: '商品' })
    expect(within(page).getByRole('link', { name: '批量导入' }).getAttribute('href')).toBe(
      '/ops/products/import',
    )
  })

  it('says why an export was refused, in the operator’s words', async () => {
    operator()
    serveList([productOf(1)])
    server.use(
      http.get('*/api/ops/products/export', () =>
        HttpResponse.json(
          {
            code: 400,
            msg: `filter: ${ProductImportMessage.exportTooLarge}`,
            data: { fields: [{ field: 'filter', message: ProductImportMessage.exportTooLarge }] },
          },
          { status: 400 },
        ),
      ),
    )
    await open('/ops/products')
    await screen.findByRole('table', { name: '商品列表' }, { timeout: 5000 })
    fireEvent.click(screen.getByRole('button', { name: '导出 XLSX' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      '符合条件的商品超过 50,000 个，请缩小筛选范围',
    )
  })
})

describe('product editor', () => {
  it('shows each field’s message (a JAN with a wrong check digit) without calling the server', async () => {
    operator()
    let posts = 0
    server.use(
      http.post('*/api/ops/products', () => {
        posts++
        return ok(productOf(9))
      }),
    )
    await open('/ops/products/new')
    await form()
    type('JAN', '4901234567890')
    // live, while typing
    expect(screen.getByText('校验位不对：应为 4')).toBeTruthy()
    type('JAN', '490123456789')
    expect(screen.getByText('还差校验位：应为 4')).toBeTruthy()
    type('JAN', '4901234567890')
    type('货号（必填）', 'has space')

    fireEvent.click(screen.getByRole('button', { name: '创建商品' }))
    const jan = field('JAN')
    expect(jan.getAttribute('aria-invalid')).toBe('true')
    const janMessage = document.getElementById(jan.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')
    expect(janMessage?.textContent).toBe('须为 13 位 EAN-13 码，且校验位正确')
    expect(field('货号（必填）').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('须为 1–32 位字母、数字或 - _ . /，不能有空格')).toBeTruthy()
    expect(field('中文名（必填）').getAttribute('aria-invalid')).toBe('true')
    expect(field('中文站 单价（日元）').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toContain('有些内容需要修改')
    expect(posts).toBe(0)

    // fixing a field takes its message away
    type('JAN', '4901234567894')
    expect(field('JAN').getAttribute('aria-invalid')).toBeNull()
  })

  it('saves a partners-only price negative, the Tokyo pre-order end with +09:00, then opens the new product', async () => {
    operator()
    const bodies: Record<string, unknown>[] = []
    const created = productOf(77)
    server.use(
      http.post('*/api/ops/products', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>)
        return HttpResponse.json({ code: 200, msg: 'success', data: created }, { status: 201 })
      }),
      http.get('*/api/ops/products/77', () => ok(created)),
    )
    const { router } = await open('/ops/products/new')
    await form()
    type('中文名（必填）', '  镜音铃 手办 ')
    type('货号（必填）', 'YY-77')
    for (const [label, yen] of [
      ['中文站 单价（日元）', '12000'],
      ['中文站 批发价（日元）', '10,000'],
      ['日文站 单价（日元）', '11000'],
      ['日文站 批发价（日元）', '9500'],
      ['英文站 单价（日元）', '13000'],
      ['英文站 批发价（日元）', '-10500'],
    ] as const) {
      type(label, yen)
    }
    fireEvent.click(screen.getByRole('checkbox', { name: '仅限合作伙伴：中文站 批发价（日元）' }))
    // a minus typed in front ticks the box and leaves the amount in the input
    expect(
      (screen.getByRole('checkbox', { name: '仅限合作伙伴：英文站 批发价（日元）' }) as HTMLInputElement)
        .checked,
    ).toBe(true)
    expect((field('英文站 批发价（日元）') as HTMLInputElement).value).toBe('10500')
    type('预订截止（日本时间）', '2027-01-15T23:59')
    type('发售日', '2027-03-15')
    fireEvent.click(screen.getByRole('button', { name: '创建商品' }))

    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({
      productName: '镜音铃 手办',
      itemNo: 'YY-77',
      janCode: null,
      type: 1,
      cnAlonePrice: 12_000,
      cnBatchPrice: -10_000,
      enBatchPrice: -10_500,
      preSellEndTime: '2027-01-15T23:59:00+09:00',
      sellTime: '2027-03-15',
      status: 1,
      stock: 0,
      images: [],
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/products/77'))
    expect(await screen.findByRole('heading', { name: '编辑商品' })).toBeTruthy()
  })

  it('reads an existing product into the form, the partner-only price as its amount and the time in Tokyo', async () => {
    operator()
    serveProduct(productOf(5))
    await open('/ops/products/5')
    await form()
    expect(await screen.findByText('3 位顾客在等待到货提醒')).toBeTruthy()
    expect((field('中文站 批发价（日元）') as HTMLInputElement).value).toBe('10000')
    expect(
      (screen.getByRole('checkbox', { name: '仅限合作伙伴：中文站 批发价（日元）' }) as HTMLInputElement)
        .checked,
    ).toBe(true)
    expect((field('预订截止（日本时间）') as HTMLInputElement).value).toBe('2027-01-15T23:59')
    await screen.findByRole('option', { name: '手办 › 比例手办' })
    expect((field('分类') as HTMLSelectElement).value).toBe('11')
  })

  it('maps the server’s refused fields next to their inputs', async () => {
    operator()
    serveProduct(productOf(5), () =>
      HttpResponse.json(
        {
          code: 400,
          msg: 'itemNo: is already the item number of another product',
          data: { fields: [{ field: 'itemNo', message: 'is already the item number of another product' }] },
        },
        { status: 400 },
      ),
    )
    await open('/ops/products/5')
    await form()
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('另一个商品已在使用这个货号')).toBeTruthy()
    expect(field('货号（必填）').getAttribute('aria-invalid')).toBe('true')
  })

  it('keeps every typed value after a 409, then loads their version or overwrites with the new updatedAt', async () => {
    operator()
    const theirs = productOf(5, {
      productName: '对方改的名字',
      stock: 12,
      updatedAt: '2026-11-28T03:30:00.000Z',
    })
    const puts = serveProduct(productOf(5), (_body, count) =>
      count === 1
        ? HttpResponse.json(
            {
              code: 409,
              msg: 'updatedAt: someone else saved the product after it was read',
              data: { current: theirs },
            },
            { status: 409 },
          )
        : undefined,
    )
    await open('/ops/products/5')
    await form()
    type('中文名（必填）', '我改的名字')
    type('库存', '99')
    fireEvent.click(screen.getByRole('button', { name: '保存' }))

    const notice = await screen.findByText('保存期间有人修改了这个商品')
    expect(notice.closest('[role=status]')?.textContent).toContain('2026-11-28 12:30')
    expect((field('中文名（必填）') as HTMLInputElement).value).toBe('我改的名字')
    expect((field('库存') as HTMLInputElement).value).toBe('99')
    expect(puts[0]?.updatedAt).toBe('2026-11-20T01:00:00.000Z')

    fireEvent.click(screen.getByRole('button', { name: '用我的覆盖' }))
    await waitFor(() => expect(puts).toHaveLength(2))
    expect(puts[1]).toMatchObject({
      productName: '我改的名字',
      stock: 99,
      updatedAt: '2026-11-28T03:30:00.000Z',
    })
    expect(await screen.findByText('已保存。')).toBeTruthy()
    expect(screen.queryByText('保存期间有人修改了这个商品')).toBeNull()
  })

  it('loads their version after a 409 when asked', async () => {
    operator()
    const theirs = productOf(5, { productName: '对方改的名字', updatedAt: '2026-11-28T03:30:00.000Z' })
    serveProduct(productOf(5), () =>
      HttpResponse.json({ code: 409, msg: 'conflict', data: { current: theirs } }, { status: 409 }),
    )
    await open('/ops/products/5')
    await form()
    type('中文名（必填）', '我改的名字')
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    fireEvent.click(await screen.findByRole('button', { name: '载入对方的版本' }))
    expect((field('中文名（必填）') as HTMLInputElement).value).toBe('对方改的名字')
  })
})

describe('product images', () => {
  it('uploads a picked file, shows its thumbnail, and saves the order after reordering and a new cover', async () => {
    operator()
    const uploads: (string | undefined)[] = []
    server.use(
      http.post('*/api/ops/media', async ({ request }) => {
        // jsdom's File is not undici's, so the multipart body is read as text rather than formData()
        const body = await request.text()
        uploads.push(/name="file"; filename="([^"]+)"/.exec(body)?.[1])
        return ok(imageOf(600 + uploads.length))
      }),
    )
    const puts = serveProduct(productOf(5, { images: [imageOf(501), imageOf(502)] }))
    await open('/ops/products/5')
    await form()
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'miku.png', { type: 'image/png' })
    fireEvent.change(screen.getByLabelText('选择要上传的图片'), { target: { files: [picture] } })

    const gallery = screen.getByRole('list', { name: '商品图片（第一张为封面）' })
    await waitFor(() => expect(within(gallery).getAllByRole('listitem')).toHaveLength(3))
    expect(uploads).toEqual(['miku.png'])
    expect(within(gallery).getByRole('img', { name: '图片 3' }).getAttribute('src')).toBe(
      '/media/m601-320.webp',
    )

    // the new picture becomes the cover; then the old cover moves one place right
    fireEvent.click(within(gallery).getByRole('button', { name: '设为封面：图片 3' }))
    fireEvent.click(within(gallery).getByRole('button', { name: '后移：图片 2' }))
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(puts).toHaveLength(1))
    expect(puts[0]?.images).toEqual([601, 502, 501])

    fireEvent.click(within(gallery).getByRole('button', { name: '移除：图片 1' }))
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(puts).toHaveLength(2))
    expect(puts[1]?.images).toEqual([502, 501])

    // dragging a picture onto the first place makes it the cover
    const [first, second] = within(gallery).getAllByRole('listitem')
    fireEvent.dragStart(second as HTMLElement, { dataTransfer: { effectAllowed: 'none' } })
    fireEvent.dragOver(first as HTMLElement)
    fireEvent.drop(first as HTMLElement)
    fireEvent.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(puts).toHaveLength(3))
    expect(puts[2]?.images).toEqual([501, 502])
  })

  it('shows the reason a file was refused, by file, and refuses other types before uploading', async () => {
    operator()
    let uploads = 0
    server.use(
      http.post('*/api/ops/media', () => {
        uploads++
        return HttpResponse.json(
          { code: 400, msg: 'file: is not valid multipart/form-data', data: null },
          { status: 400 },
        )
      }),
    )
    serveProduct(productOf(5))
    await open('/ops/products/5')
    await form()
    const broken = new File([new Uint8Array([1, 2, 3])], 'broken.jpg', { type: 'image/jpeg' })
    const gif = new File([new Uint8Array([71, 73, 70])], 'anim.gif', { type: 'image/gif' })
    fireEvent.change(screen.getByLabelText('选择要上传的图片'), { target: { files: [broken, gif] } })
    expect(await screen.findByText('broken.jpg 未能上传：上传的内容格式不正确')).toBeTruthy()
    expect(screen.getByText('anim.gif 未能上传：只能上传 JPEG、PNG、WebP 或 AVIF 图片')).toBeTruthy()
    expect(uploads).toBe(1)
  })

  it('says why the media pipeline refused a picture in the operator’s language', async () => {
    operator()
    server.use(
      http.post('*/api/ops/media', () =>
        HttpResponse.json({ code: 400, msg: `file: ${MediaMessage.type}`, data: null }, { status: 400 }),
      ),
    )
    serveProduct(productOf(5))
    await open('/ops/products/5', 'en')
    await screen.findByRole('form', { name: 'Product details' }, { timeout: 5000 })
    // a PNG by its name and type, not by its bytes: only the server can tell
    const fake = new File([new Uint8Array([1, 2, 3])], 'fake.png', { type: 'image/png' })
    fireEvent.change(screen.getByLabelText('Choose pictures to upload'), { target: { files: [fake] } })
    expect(
      await screen.findByText(
        'fake.png could not be uploaded: Only JPEG, PNG, WebP or AVIF pictures can be uploaded',
      ),
    ).toBeTruthy()
  })
})

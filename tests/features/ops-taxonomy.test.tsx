import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type OpsBrandDto,
  type OpsCategoryDto,
  type OpsSeriesDto,
  TaxonomyMessage,
} from '../../src/domain/catalog-taxonomy.ts'
import type { MediaImageDto } from '../../src/domain/media.ts'
import { MediaMessage } from '../../src/domain/media-messages.ts'
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

function operator() {
  signIn({ sub: '7', sid: 'session-op', kind: 'operator', role: null, nickname: '店长', wechat: 'other' })
  server.use(
    ...startupHandlers,
    http.get('*/api/mall/user/checkToken', () => ok({ valid: true })),
  )
}

const category = (
  id: number,
  name: string,
  sort: number,
  parentId: number | null,
  overrides: Partial<OpsCategoryDto> = {},
): OpsCategoryDto => ({
  id,
  name,
  jpName: null,
  enName: null,
  sort,
  productCount: 0,
  parentId,
  children: [],
  ...overrides,
})

type Sent = { method: string; path: string; body: unknown }

/** Serves the category calls: GET answers `state.tree`; writes are recorded and answered by `write`. */
function serveCategories(
  tree: OpsCategoryDto[],
  write: (sent: Sent) => Response | undefined = () => undefined,
) {
  const state = { tree, sent: [] as Sent[] }
  const record = async (method: string, request: Request) => {
    const sent = {
      method,
      path: new URL(request.url).pathname,
      body: method === 'DELETE' ? null : await request.json(),
    }
    state.sent.push(sent)
    return write(sent) ?? ok(method === 'DELETE' ? null : { id: 99, ...(sent.body as object) })
  }
  server.use(
    http.get('*/api/ops/categories', () => ok(state.tree)),
    http.post('*/api/ops/categories', ({ request }) => record('POST', request)),
    http.put('*/api/ops/categories/:id', ({ request }) => record('PUT', request)),
    http.delete('*/api/ops/categories/:id', ({ request }) => record('DELETE', request)),
  )
  return state
}

async function open(path: string, language: 'zhCn' | 'ja' | 'en' = 'zhCn') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  return renderApp(path)
}

const figures = category(1, '手办', 1, null, {
  productCount: 4,
  children: [category(3, '景品', 1, 1, { jpName: 'プライズ', productCount: 2 })],
})
const cards = category(2, '卡牌', 2, null)

describe('categories', () => {
  it('shows the tree with children under their parent, and adds a top-level category', async () => {
    operator()
    const state = serveCategories([figures, cards])
    await open('/ops/categories')
    const table = await screen.findByRole('table', { name: '分类列表' }, { timeout: 5000 })
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent),
    ).toEqual(['手办', '景品', '卡牌'])

    fireEvent.click(screen.getByRole('button', { name: '添加一级分类…' }))
    const dialog = await screen.findByRole('dialog', { name: '添加分类' })
    // the name is required: nothing is sent without it
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await within(dialog).findByText('必填')).toBeTruthy()
    expect(state.sent).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('中文名称'), { target: { value: '模型' } })
    fireEvent.change(within(dialog).getByLabelText('日文名称'), { target: { value: 'プラモデル' } })
    expect((within(dialog).getByLabelText('排序') as HTMLInputElement).value).toBe('3')
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await screen.findByText('分类“模型”已保存。')).toBeTruthy()
    expect(state.sent).toEqual([
      {
        method: 'POST',
        path: '/api/ops/categories',
        body: { name: '模型', jpName: 'プラモデル', enName: null, sort: 3, parentId: null },
      },
    ])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('edits a child’s parent, shows a refused field in the operator’s language, and moves with ↓', async () => {
    operator()
    let refuse = true
    const state = serveCategories([figures, cards], (sent) => {
      if (sent.method !== 'PUT' || sent.path !== '/api/ops/categories/3' || !refuse) return undefined
      refuse = false
      return HttpResponse.json(
        {
          code: 400,
          msg: `parentId: ${TaxonomyMessage.twoLevels}`,
          data: { fields: [{ field: 'parentId', message: TaxonomyMessage.twoLevels }] },
        },
        { status: 400 },
      )
    })
    await open('/ops/categories')
    fireEvent.click(await screen.findByRole('button', { name: '编辑：景品' }, { timeout: 5000 }))
    const dialog = await screen.findByRole('dialog', { name: '编辑分类“景品”' })
    const parent = within(dialog).getByLabelText('上级分类') as HTMLSelectElement
    expect(parent.value).toBe('1')
    fireEvent.change(parent, { target: { value: '2' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await within(dialog).findByText('上级须为一级分类（分类只有两级）')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(state.sent.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/ops/categories/3',
      body: { name: '景品', jpName: 'プライズ', enName: null, sort: 1, parentId: 2 },
    })

    // ↓ on the first top-level category trades sort values with the next one
    state.sent.length = 0
    fireEvent.click(screen.getByRole('button', { name: '下移：手办' }))
    await waitFor(() => expect(state.sent).toHaveLength(2))
    expect(state.sent.map((sent) => [sent.path, (sent.body as { sort: number }).sort])).toEqual([
      ['/api/ops/categories/1', 2],
      ['/api/ops/categories/2', 1],
    ])
  })

  it('says what still uses a category when its delete is refused (409), and deletes an unused one', async () => {
    operator()
    const state = serveCategories([figures, cards], (sent) =>
      sent.method === 'DELETE' && sent.path === '/api/ops/categories/1'
        ? HttpResponse.json(
            { code: 409, msg: 'category: is still in use', data: { products: 4, children: 1 } },
            { status: 409 },
          )
        : undefined,
    )
    await open('/ops/categories')
    fireEvent.click(await screen.findByRole('button', { name: '删除：手办' }, { timeout: 5000 }))
    let dialog = await screen.findByRole('dialog', { name: '删除分类' })
    expect(within(dialog).getByText('确定删除“手办”吗？此操作不能撤销。')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }))
    expect(
      await within(dialog).findByText('无法删除：仍有 4 个商品和 1 个子分类在使用。请先移走它们。'),
    ).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }))

    fireEvent.click(screen.getByRole('button', { name: '删除：卡牌' }))
    dialog = await screen.findByRole('dialog', { name: '删除分类' })
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }))
    expect(await screen.findByText('分类“卡牌”已删除。')).toBeTruthy()
    expect(state.sent.map((sent) => `${sent.method} ${sent.path}`)).toEqual([
      'DELETE /api/ops/categories/1',
      'DELETE /api/ops/categories/2',
    ])
  })
})

const logo: MediaImageDto = {
  id: 55,
  width: 400,
  height: 200,
  placeholder: 'data:image/webp;base64,AAAA',
  variants: [
    { width: 320, format: 'webp', url: '/media/logo-55-320.webp' },
    { width: 320, format: 'avif', url: '/media/logo-55-320.avif' },
  ],
}

describe('brands', () => {
  it('uploads a logo, previews it and saves the brand with the picture’s id', async () => {
    operator()
    const brands: OpsBrandDto[] = [
      { id: 5, name: '万代', jpName: 'バンダイ', enName: 'Bandai', sort: 1, productCount: 12, logo: null },
    ]
    const posted: unknown[] = []
    let uploads = 0
    server.use(
      http.get('*/api/ops/brands', () => ok(brands)),
      http.post('*/api/ops/media', async ({ request }) => {
        uploads += 1
        expect(await request.text()).toContain('filename="logo.png"')
        return ok(logo)
      }),
      http.post('*/api/ops/brands', async ({ request }) => {
        const body = await request.json()
        posted.push(body)
        return ok({ id: 6, productCount: 0, ...(body as object), logo })
      }),
    )
    await open('/ops/brands')
    const table = await screen.findByRole('table', { name: '品牌列表' }, { timeout: 5000 })
    expect(within(table).getByText('万代')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: '添加品牌…' }))
    const dialog = await screen.findByRole('dialog', { name: '添加品牌' })
    fireEvent.change(within(dialog).getByLabelText('中文名称'), { target: { value: '寿屋' } })
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' })
    fireEvent.change(within(dialog).getByLabelText('品牌标志'), { target: { files: [file] } })
    const preview = await within(dialog).findByRole('img', { name: '品牌标志预览' })
    expect(preview.getAttribute('src')).toBe('/media/logo-55-320.webp')
    expect(uploads).toBe(1)

    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await screen.findByText('品牌“寿屋”已保存。')).toBeTruthy()
    expect(posted).toEqual([{ name: '寿屋', jpName: null, enName: null, sort: 2, logo: 55 }])
  })

  it('says why a logo was refused in the operator’s language', async () => {
    operator()
    server.use(
      http.get('*/api/ops/brands', () => ok([])),
      http.post('*/api/ops/media', () =>
        HttpResponse.json({ code: 400, msg: `file: ${MediaMessage.tooLarge}`, data: null }, { status: 400 }),
      ),
    )
    await open('/ops/brands', 'ja')
    fireEvent.click(await screen.findByRole('button', { name: 'ブランドを追加…' }, { timeout: 5000 }))
    const dialog = await screen.findByRole('dialog', { name: 'ブランドを追加' })
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' })
    fireEvent.change(within(dialog).getByLabelText('ブランドロゴ'), { target: { files: [file] } })
    expect((await within(dialog).findByRole('alert')).textContent).toBe('画像は 10 MB 以下にしてください')
  })
})

describe('series', () => {
  it('switches a series hot in place, sending its whole body', async () => {
    operator()
    const list: OpsSeriesDto[] = [
      {
        id: 8,
        name: '初音未来',
        jpName: '初音ミク',
        enName: 'Hatsune Miku',
        sort: 5,
        productCount: 3,
        hot: false,
      },
    ]
    const puts: unknown[] = []
    server.use(
      http.get('*/api/ops/series', () => ok(list)),
      http.put('*/api/ops/series/8', async ({ request }) => {
        puts.push(await request.json())
        return ok({ ...list[0], hot: true })
      }),
    )
    await open('/ops/series')
    const table = await screen.findByRole('table', { name: '系列列表' }, { timeout: 5000 })
    fireEvent.click(within(table).getByRole('checkbox', { name: '热门：初音未来' }))
    await waitFor(() => expect(puts).toHaveLength(1))
    expect(puts[0]).toEqual({
      name: '初音未来',
      jpName: '初音ミク',
      enName: 'Hatsune Miku',
      sort: 5,
      hot: true,
    })
  })
})

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { BrandDto } from '../../src/domain/catalog.ts'
import { groupBrands, groupKeyOf, OTHER_GROUP } from '../../src/features/brands/brand-groups.ts'
import { ok, pageOf, productCard, servePagedList } from './support/catalog-fixtures.ts'
import { server } from './support/msw-server.ts'
import { renderApp } from './support/render-app.tsx'

const brand = (id: number, name: string, jpName: string | null, enName: string | null, productCount = 3) =>
  ({ id, name, jpName, enName, logo: null, productCount }) satisfies BrandDto

const BRANDS: BrandDto[] = [
  brand(1, '好微笑', 'グッドスマイルカンパニー', 'Good Smile Company', 12),
  brand(2, '寿屋', 'コトブキヤ', 'Kotobukiya', 8),
  brand(3, '万代', 'バンダイ', 'Bandai', 20),
  brand(4, 'ALTER', 'アルター', 'Alter', 0),
  brand(5, '海洋堂', '海洋堂', null, 5),
  brand(6, '1/7 工房', null, null, 1),
]

function serveBrands(list: BrandDto[] = BRANDS) {
  const heard: (string | null)[] = []
  server.use(
    http.get('*/api/mall/brand/list', ({ request }) => {
      heard.push(new URL(request.url).searchParams.get('language'))
      return ok(list)
    }),
  )
  return heard
}

/** The groups on screen: each heading with the names under it. */
function groupsOnScreen() {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => {
    const section = heading.closest('section') as HTMLElement
    const names = within(section)
      .getAllByRole('link')
      .map((link) => link.querySelector('span > span')?.textContent)
    return [heading.textContent, names]
  })
}

describe('brand grouping', () => {
  it('puts Latin names under their letter in every language', () => {
    for (const language of ['zhCn', 'ja', 'en'] as const) {
      expect(groupKeyOf(language, 'alter')).toBe('A')
      expect(groupKeyOf(language, 'Émile')).toBe('E')
      expect(groupKeyOf(language, '７-Eleven')).toBe(OTHER_GROUP)
    }
  })

  it('puts Japanese kana under their 五十音 row, voiced and katakana alike, and kanji under other', () => {
    expect(groupKeyOf('ja', 'グッドスマイル')).toBe('か')
    expect(groupKeyOf('ja', 'ことぶきや')).toBe('か')
    expect(groupKeyOf('ja', 'バンダイ')).toBe('は')
    expect(groupKeyOf('ja', 'ﾒｶﾞﾊｳｽ')).toBe('ま')
    expect(groupKeyOf('ja', 'ワンダーフェスティバル')).toBe('わ')
    expect(groupKeyOf('ja', 'あみあみ')).toBe('あ')
    expect(groupKeyOf('ja', '海洋堂')).toBe(OTHER_GROUP)
  })

  it('puts Chinese names under the initial of their pinyin', () => {
    expect(groupKeyOf('zhCn', '好微笑')).toBe('H')
    expect(groupKeyOf('zhCn', '寿屋')).toBe('S')
    expect(groupKeyOf('zhCn', '万代')).toBe('W')
    expect(groupKeyOf('zhCn', '阿尔法')).toBe('A')
    expect(groupKeyOf('zhCn', '座敷')).toBe('Z')
    // English has no reading for Chinese characters
    expect(groupKeyOf('en', '好微笑')).toBe(OTHER_GROUP)
  })

  it('orders the groups kana rows, then A–Z, then other, and each group by name', () => {
    const keys = (language: 'ja' | 'en') => groupBrands(language, BRANDS).map((group) => group.key)
    expect(keys('ja')).toEqual(['あ', 'か', 'は', OTHER_GROUP])
    expect(keys('en')).toEqual(['A', 'B', 'G', 'K', OTHER_GROUP])
    expect(groupBrands('ja', BRANDS)[1]?.brands.map((entry) => entry.id)).toEqual([1, 2])
  })
})

describe('brand directory', () => {
  it('groups the brands by pinyin initial in Chinese, each linking to its products with its count', async () => {
    const heard = serveBrands()
    await renderApp('/brands')

    expect(await screen.findByRole('heading', { level: 1, name: '品牌大全' })).toBeTruthy()
    expect(document.title).toContain('品牌大全')
    expect(screen.getByText('共 6 个品牌')).toBeTruthy()
    expect(groupsOnScreen()).toEqual([
      ['A', ['ALTER']],
      ['H', ['海洋堂', '好微笑']],
      ['S', ['寿屋']],
      ['W', ['万代']],
      ['其他', ['1/7 工房']],
    ])
    const goodSmile = screen.getByRole('link', { name: /好微笑/ })
    expect(goodSmile.getAttribute('href')).toBe('/product-search/list?brandId=1')
    expect(within(goodSmile).getByText('12 件商品')).toBeTruthy()
    const index = screen.getByRole('navigation', { name: '按首字母查找品牌' })
    expect(
      within(index)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['A', 'H', 'S', 'W', '其他'])
    const target = within(index).getByRole('link', { name: 'S' }).getAttribute('href') ?? ''
    expect(document.getElementById(target.slice(1))?.textContent).toContain('寿屋')
    expect(heard).toEqual(['zhCn'])
  })

  it('groups by 五十音 row in Japanese, the names in Japanese', async () => {
    localStorage.setItem('localeLang', 'ja')
    serveBrands()
    await renderApp('/brands')
    expect(await screen.findByRole('heading', { level: 1, name: 'ブランド一覧' })).toBeTruthy()
    expect(groupsOnScreen()).toEqual([
      ['あ', ['アルター']],
      ['か', ['グッドスマイルカンパニー', 'コトブキヤ']],
      ['は', ['バンダイ']],
      ['その他', ['1/7 工房', '海洋堂']],
    ])
  })

  it('says when there are no brands yet', async () => {
    serveBrands([])
    await renderApp('/brands')
    expect(await screen.findByText('这里还没有品牌')).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: '按首字母查找品牌' })).toBeNull()
  })

  it("opens a brand's products in the search, with the brand as a removable filter", async () => {
    serveBrands()
    const heard = servePagedList('product/search', () => pageOf([productCard(11)]))
    const { router } = await renderApp('/brands')
    fireEvent.click(await screen.findByRole('link', { name: /寿屋/ }))

    expect(await screen.findByRole('link', { name: '商品 11' })).toBeTruthy()
    expect(router.state.location.search).toMatchObject({ brandId: 2 })
    expect(heard[0]?.params).toMatchObject({ brandId: '2' })
    const active = await screen.findByRole('list', { name: '当前条件：' })
    await waitFor(() => expect(within(active).getByText('品牌：寿屋')).toBeTruthy())

    fireEvent.click(within(active).getByRole('button', { name: '移除条件：品牌：寿屋' }))
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('brandId'))
    await waitFor(() => expect(heard).toHaveLength(2))
    expect(heard[1]?.params).not.toHaveProperty('brandId')
  })
})

describe('trending brands on the home page', () => {
  it('shows the trending brands, each opening its products, and the directory link', async () => {
    server.use(http.get('*/api/mall/brand/trending', () => ok([BRANDS[2], BRANDS[0]])))
    await renderApp('/')
    const heading = await screen.findByRole('heading', { name: '热门品牌' })
    const section = heading.closest('section') as HTMLElement
    expect(within(section).getByRole('link', { name: '万代' }).getAttribute('href')).toBe(
      '/product-search/list?brandId=3',
    )
    expect(within(section).getByRole('link', { name: '好微笑' })).toBeTruthy()
    expect(within(section).getByRole('link', { name: '品牌大全' }).getAttribute('href')).toBe('/brands')
  })

  it('leaves the area out when no brand has sold yet', async () => {
    await renderApp('/')
    await screen.findByRole('main')
    await waitFor(() => expect(screen.queryByText('正在加载商品')).toBeNull())
    expect(screen.queryByRole('heading', { name: '热门品牌' })).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import {
  DEFAULT_DEMO_PRODUCTS,
  DEFAULT_DEMO_SEED,
  type DemoProduct,
  generateDemoCatalog,
  generateDemoProducts,
} from '../../server/db/seed/demo-catalog.ts'
import {
  DEMO_BANNER_IMAGE_FILES,
  DEMO_PRODUCT_IMAGE_FILES,
  demoImages,
} from '../../server/db/seed/demo-images.ts'

const today = new Date('2025-06-15T03:00:00Z')
const todayIso = '2025-06-15'

function allProducts(seed: number, count = DEFAULT_DEMO_PRODUCTS, firstIndex = 0): DemoProduct[] {
  return [...generateDemoProducts({ seed, today, count, firstIndex })].flat()
}

/** Written independently of the generator: weights 1, 3, 1, 3, … over the first 12 digits. */
function isValidEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10 === Number(code[12])
}

const priceColumns = ['cn', 'jp', 'en'] as const
const products = allProducts(DEFAULT_DEMO_SEED)

describe('demo catalog generator', () => {
  it('gives the same output for the same seed and a different one for another seed', () => {
    expect(allProducts(DEFAULT_DEMO_SEED)).toEqual(products)
    expect(generateDemoCatalog({ seed: 5, today })).toEqual(generateDemoCatalog({ seed: 5, today }))
    expect(allProducts(DEFAULT_DEMO_SEED + 1)).not.toEqual(products)
    expect(generateDemoCatalog({ seed: 5, today }).series).not.toEqual(
      generateDemoCatalog({ seed: 6, today }).series,
    )
  })

  it('streams batches of the requested size that add up to the count', () => {
    const sizes = [...generateDemoProducts({ seed: 1, today, count: 2500, batchSize: 1000 })].map(
      (b) => b.length,
    )
    expect(sizes).toEqual([1000, 1000, 500])
  })

  it('makes 300+ products of all nine types by default', () => {
    expect(products.length).toBeGreaterThanOrEqual(300)
    expect(new Set(products.map((p) => p.type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]))
    const preOrders = products.filter((p) => p.type === 1).length
    const proxies = products.filter((p) => p.type === 4).length
    expect(preOrders).toBeGreaterThan(proxies)
  })

  it('gives every product a valid, unique JAN code and a unique item number', () => {
    const jans = products.map((p) => p.janCode)
    for (const jan of jans) {
      expect(isValidEan13(jan), jan).toBe(true)
      expect(jan.startsWith('45') || jan.startsWith('49'), jan).toBe(true)
    }
    expect(new Set(jans).size).toBe(products.length)
    expect(new Set(products.map((p) => p.itemNo)).size).toBe(products.length)
  })

  it('keeps codes unique across a large catalog and an appended range', () => {
    const large = allProducts(3, 20_000)
    const appended = allProducts(3, 1000, 20_000)
    const jans = new Set([...large, ...appended].map((p) => p.janCode))
    const itemNos = new Set([...large, ...appended].map((p) => p.itemNo))
    expect(jans.size).toBe(21_000)
    expect(itemNos.size).toBe(21_000)
  })

  it('names every product in three languages and gives boxed items a box barcode', () => {
    for (const p of products) {
      expect(p.productName.trim()).not.toBe('')
      expect(p.jpProductName.trim()).not.toBe('')
      expect(p.enProductName).toMatch(/[A-Za-z]/)
      expect(p.boxBarcode !== null).toBe(p.boxIn > 1)
      expect([1, p.boxIn]).toContain(p.orderBase)
      expect(p.imgList.length).toBeGreaterThanOrEqual(1)
      expect(p.imgList.length).toBeLessThanOrEqual(3)
      for (const url of p.imgList) expect(DEMO_PRODUCT_IMAGE_FILES).toContain(url.replace('/media/demo/', ''))
    }
  })

  it('prices batches no higher than single items, with a few partner-only (negative) prices', () => {
    for (const p of products) {
      for (const market of priceColumns) {
        const single = p[`${market}AlonePrice`]
        const batch = p[`${market}BatchPrice`]
        if (single > 0 && batch > 0) expect(batch, p.itemNo).toBeLessThanOrEqual(single)
        expect(Number.isInteger(single) && Number.isInteger(batch)).toBe(true)
      }
    }
    const partnerOnly = products.filter((p) =>
      priceColumns.some((m) => p[`${m}AlonePrice`] < 0 || p[`${m}BatchPrice`] < 0),
    )
    expect(partnerOnly.length).toBeGreaterThan(0)
    expect(partnerOnly.length).toBeLessThan(products.length * 0.1)
  })

  it('dates pre-orders in the future with a closing time, and stock in the past', () => {
    for (const p of products) {
      if (p.type === 1) {
        expect(p.sellTime > todayIso).toBe(true)
        expect(p.isFront).toBe(true)
        expect(p.preSellEndTime).toBeInstanceOf(Date)
        expect((p.preSellEndTime as Date).toISOString().slice(0, 10) <= p.sellTime).toBe(true)
      }
      if (p.type === 2) {
        expect(p.sellTime < todayIso).toBe(true)
        expect(p.preSellEndTime).toBeNull()
        expect(p.isFront).toBe(false)
      }
      expect(p.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
  })

  it('ranks 12–20 products on each home list, 1..k without gaps', () => {
    for (const list of ['hotRank', 'newRank', 'recommendRank'] as const) {
      const ranks = products.map((p) => p[list]).filter((r): r is number => r !== null)
      expect(ranks.length).toBeGreaterThanOrEqual(12)
      expect(ranks.length).toBeLessThanOrEqual(20)
      expect([...ranks].sort((a, b) => a - b)).toEqual(ranks.map((_, i) => i + 1))
    }
  })

  it('builds a two-level category tree and 30+ series with about 10 hot ones', () => {
    const { categories, series } = generateDemoCatalog({ seed: DEFAULT_DEMO_SEED, today })
    const parents = categories.filter((c) => c.parentId === null)
    expect(parents.length).toBe(8)
    for (const parent of parents) {
      const children = categories.filter((c) => c.parentId === parent.id)
      expect(children.length).toBeGreaterThanOrEqual(3)
      expect(children.length).toBeLessThanOrEqual(5)
    }
    const parentIds = new Set(parents.map((c) => c.id))
    for (const child of categories.filter((c) => c.parentId !== null)) {
      expect(parentIds.has(child.parentId as number)).toBe(true)
    }
    for (const c of categories) expect([c.name, c.jpName, c.enName].every((n) => n.length > 0)).toBe(true)
    const leafIds = new Set(categories.filter((c) => c.parentId !== null).map((c) => c.id))
    for (const p of products) expect(leafIds.has(p.categoryId)).toBe(true)

    expect(series.length).toBeGreaterThanOrEqual(30)
    const hot = series.map((s) => s.hotRank).filter((r) => r !== null)
    expect(hot.length).toBe(10)
    expect(new Set(hot).size).toBe(10)
  })

  it('has the VIP rules as article 180 (type 2) and fills four footer columns', () => {
    const { articles, banners, announcements } = generateDemoCatalog({ seed: DEFAULT_DEMO_SEED, today })
    const vip = articles.find((a) => a.id === 180)
    expect(vip?.type).toBe(2)
    expect(new Set(articles.map((a) => a.id)).size).toBe(articles.length)
    const footer = articles.filter((a) => a.footerSort !== null)
    expect(footer.length).toBeGreaterThanOrEqual(8)
    expect(new Set(footer.map((a) => a.type % 4))).toEqual(new Set([0, 1, 2, 3]))
    for (const text of [...articles, ...announcements]) {
      expect(text.content).toMatch(/^<p>/)
      expect(text.jpContent).toMatch(/^<p>/)
      expect(text.enContent).toMatch(/^<p>/)
    }
    expect(banners.length).toBeGreaterThanOrEqual(4)
    for (const banner of banners) {
      expect(DEMO_BANNER_IMAGE_FILES).toContain(banner.imgUrl.replace('/media/demo/', ''))
      expect(banner.jumpUrl.startsWith('/')).toBe(true)
    }
  })

  it('draws small, script-free standalone SVGs', () => {
    const images = demoImages()
    expect(images.length).toBe(DEMO_PRODUCT_IMAGE_FILES.length + DEMO_BANNER_IMAGE_FILES.length)
    expect(DEMO_PRODUCT_IMAGE_FILES.length).toBeGreaterThanOrEqual(60)
    for (const { file, svg } of images) {
      expect(svg.startsWith('<svg'), file).toBe(true)
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"')
      expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/)
      expect(svg.toLowerCase()).not.toContain('<script')
      expect(svg).not.toMatch(/\son\w+=/)
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
      expect(new TextEncoder().encode(svg).length).toBeLessThan(3072)
    }
    expect(new Set(images.map((i) => i.svg)).size).toBe(images.length)
  })
})

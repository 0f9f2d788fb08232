import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { banners, media } from '../../server/db/schema.ts'
import { BANNER_IMAGE_SIZES, CARD_IMAGE_SIZES, GALLERY_IMAGE_SIZES } from '../../src/domain/media.ts'
import { insertProducts, productRow } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

/** An asset the build compressed ahead (brotli and gzip copies beside it). */
const PACKED_SOURCE = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `text ${i}`))}`

describe('serving the built PWA', () => {
  let t: TestApp
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'yoyaku-static-'))
    const dist = join(dir, 'dist')
    mkdirSync(join(dist, 'assets'), { recursive: true })
    mkdirSync(join(dir, 'media', 'demo'), { recursive: true })
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>shell</title></head><body><div id="root"><div class="shell-block"></div><div class="shell-card"></div><div class="shell-card"></div><div class="shell-card"></div><div class="shell-card"></div><div class="shell-card"></div></div></body></html>',
    )
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Yoyaku"}')
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    writeFileSync(join(dist, 'assets', 'route-def456.js'), PACKED_SOURCE)
    writeFileSync(join(dist, 'assets', 'route-def456.js.br'), brotliCompressSync(PACKED_SOURCE))
    writeFileSync(join(dist, 'assets', 'route-def456.js.gz'), gzipSync(PACKED_SOURCE))
    writeFileSync(join(dist, 'icon-192.png'), 'png')
    writeFileSync(join(dir, 'media', 'demo', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    t = await createTestApp('pglite', { staticDir: dist, mediaDir: join(dir, 'media') })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves the shell at / and never lets it be cached stale', async () => {
    const response = await t.app.request('/')
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<title>shell</title>')
    expect(response.headers.get('cache-control')).toBe('no-cache')
  })

  it('answers client routes with the shell (SPA fallback)', async () => {
    const response = await t.app.request('/product-hot/list?page=2')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
  })

  it('marks hashed assets immutable and the service worker and manifest no-cache', async () => {
    const asset = await t.app.request('/assets/index-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    for (const path of ['/sw.js', '/manifest.webmanifest']) {
      const response = await t.app.request(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('no-cache')
    }
  })

  it("sends an asset's brotli copy to a browser that takes brotli, its gzip copy to one that takes gzip only", async () => {
    const asBrotli = await t.app.request('/assets/route-def456.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    })
    expect(asBrotli.status).toBe(200)
    expect(asBrotli.headers.get('content-encoding')).toBe('br')
    expect(asBrotli.headers.get('content-type')).toMatch(/javascript/)
    expect(asBrotli.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(asBrotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const brotliBody = Buffer.from(await asBrotli.arrayBuffer())
    expect(brotliDecompressSync(brotliBody).toString()).toBe(PACKED_SOURCE)

    const asGzip = await t.app.request('/assets/route-def456.js', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(asGzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await asGzip.arrayBuffer())).toString()).toBe(PACKED_SOURCE)

    const plain = await t.app.request('/assets/route-def456.js', {
      headers: { 'Accept-Encoding': 'identity' },
    })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(PACKED_SOURCE)
  })

  it('answers a missing asset with 404, not the shell', async () => {
    const response = await t.app.request('/assets/index-gone999.js')
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('<title>shell</title>')
  })

  it('never answers under /api with the shell', async () => {
    const response = await t.app.request('/api/mall/unknown')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/application\/json/)
  })

  it('names the largest image of the home page and of a product page in the HTML, to fetch at once', async () => {
    const preloads = async (path: string) =>
      [
        ...(await (await t.app.request(path)).text()).matchAll(
          /<link rel="preload" as="image" href="([^"]+)"/g,
        ),
      ].map((match) => match[1])
    expect(await preloads('/')).toEqual([])
    await t.db.insert(banners).values([
      { name: 'later', imgUrl: '/media/demo/banner-2.svg', sort: 2 },
      { name: 'first', imgUrl: '/media/demo/banner-1.svg', sort: 1 },
      { name: 'hidden', imgUrl: '/media/demo/banner-0.svg', sort: 0, active: false },
    ])
    const [product] = await insertProducts(t.db, [
      productRow({ imgList: ['/media/demo/p-cover.svg', '/media/demo/p-2.svg'] }),
    ])
    expect(await preloads('/')).toEqual(['/media/demo/banner-1.svg'])
    expect(await preloads(`/product/${product?.id}`)).toEqual(['/media/demo/p-cover.svg'])
    expect(await preloads(`/product-hot/product/${product?.id}`)).toEqual(['/media/demo/p-cover.svg'])
    // and drawn in the skeleton where the page shows it, before any script runs
    const home = await (await t.app.request('/')).text()
    expect(home).toContain('<img class="shell-banner" src="/media/demo/banner-1.svg"')
    const productPage = await (await t.app.request(`/product/${product?.id}`)).text()
    expect(productPage).toContain('<img class="shell-cover" src="/media/demo/p-cover.svg"')
    // no product, no page of one, nothing to name
    expect(await preloads('/product/99999999')).toEqual([])
    expect(await preloads('/product-hot/list')).toEqual([])

    // a list's page draws the covers of its first cards, in the list's order and on the asked page
    await insertProducts(
      t.db,
      [3, 1, 2, 4, 5].map((hotRank) => productRow({ hotRank, imgList: [`/media/demo/hot-${hotRank}.svg`] })),
    )
    const cardsOf = async (path: string) =>
      [...(await (await t.app.request(path)).text()).matchAll(/<img class="shell-card" src="([^"]+)"/g)].map(
        (match) => match[1],
      )
    expect(await cardsOf('/product-hot/list')).toEqual(
      [1, 2, 3, 4].map((rank) => `/media/demo/hot-${rank}.svg`),
    )
    expect(await preloads('/product-hot/list')).toEqual(['/media/demo/hot-1.svg'])
    expect(await cardsOf('/product-hot/list?pageNum=2')).toEqual([])
    expect(await cardsOf('/product-new/list')).toEqual([])
  })

  it('preloads the AVIF variant a product page will pick, and draws the uploaded picture in the skeleton', async () => {
    const picture = {
      id: 7,
      width: 1600,
      height: 1200,
      placeholder: 'data:image/webp;base64,AAAA',
      variants: [320, 640, 1280].flatMap((width) =>
        (['avif', 'webp'] as const).map((format) => ({
          width,
          format,
          url: `/media/m/cover-${width}.${format}`,
        })),
      ),
    }
    const [product] = await insertProducts(t.db, [
      productRow({ imgList: ['/media/m/cover-640.webp'], images: [picture], hotRank: 0 }),
    ])
    const page = await (await t.app.request(`/product/${product?.id}`)).text()
    const avif = '/media/m/cover-320.avif 320w, /media/m/cover-640.avif 640w, /media/m/cover-1280.avif 1280w'
    // one fetch of the cover: the preload names the same srcset and sizes as the page's <picture>
    expect(page).toContain(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${avif}" imagesizes="${GALLERY_IMAGE_SIZES}" fetchpriority="high" />`,
    )
    expect(page).not.toMatch(/<link rel="preload" as="image" href=/)
    expect(page).toContain(`<source type="image/avif" srcset="${avif}" sizes="${GALLERY_IMAGE_SIZES}" />`)
    expect(page).toContain(
      '<img class="shell-cover" src="/media/m/cover-640.webp" alt="" fetchpriority="high" />',
    )
    // no style attribute: the page's CSP (style-src 'self') would refuse it and the browser log it
    expect(page).toContain('<picture class="shell-picture">')
    expect(page).not.toMatch(/\sstyle="/)
    // the hot list's first card draws it with the cards' sizes
    const list = await (await t.app.request('/product-hot/list')).text()
    expect(list).toContain(`imagesizes="${CARD_IMAGE_SIZES}"`)
    expect(list).toContain('<img class="shell-card" src="/media/m/cover-640.webp" alt="" />')
  })

  it('preloads the AVIF variant the home page will pick for an uploaded first banner', async () => {
    const [upload] = await t.db
      .insert(media)
      .values({
        width: 1280,
        height: 320,
        placeholder: 'data:image/webp;base64,AA',
        variants: [640, 1280].flatMap((width) =>
          (['avif', 'webp'] as const).map((format) => ({
            width,
            height: width / 4,
            format,
            key: `m/banner-${width}.${format}`,
          })),
        ),
        sourceBytes: 10,
      })
      .returning({ id: media.id })
    await t.db.insert(banners).values({
      name: 'uploaded',
      imgUrl: '/media/m/banner-1280.webp',
      mediaId: upload?.id ?? null,
      sort: -1,
    })
    const home = await (await t.app.request('/')).text()
    const avif = '/media/m/banner-640.avif 640w, /media/m/banner-1280.avif 1280w'
    // one fetch of the banner: the preload names the same srcset and sizes as the carousel's <picture>
    expect(home).toContain(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${avif}" imagesizes="${BANNER_IMAGE_SIZES}" fetchpriority="high" />`,
    )
    expect(home).toContain(`<source type="image/avif" srcset="${avif}" sizes="${BANNER_IMAGE_SIZES}" />`)
    expect(home).toContain(
      '<img class="shell-banner" src="/media/m/banner-640.webp" alt="" fetchpriority="high" />',
    )
  })

  it('serves media files', async () => {
    const response = await t.app.request('/media/demo/a.svg')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/image\/svg\+xml/)
  })
})

describe('without a built PWA', () => {
  it('says how to build it instead of a blank page', async () => {
    const t = await createTestApp('pglite')
    try {
      const response = await t.app.request('/')
      expect(response.status).toBe(503)
      expect(await response.text()).toMatch(/npm run build/)
    } finally {
      await t.close()
    }
  })
})

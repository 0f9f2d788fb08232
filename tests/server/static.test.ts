import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support/test-app.ts'

describe('serving the built PWA', () => {
  let t: TestApp
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'yoyaku-static-'))
    const dist = join(dir, 'dist')
    mkdirSync(join(dist, 'assets'), { recursive: true })
    mkdirSync(join(dir, 'media', 'demo'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>')
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Yoyaku"}')
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
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

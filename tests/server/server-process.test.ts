import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runServer } from '../support/server-process.ts'

async function hotList(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/api/mall/product/hotList?language=en`)
  return (await response.json()) as { code: number; data: { id: number; enProductName: string }[] }
}

describe('the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yoyaku-proc-'))
  const staticDir = mkdtempSync(join(tmpdir(), 'yoyaku-nodist-'))
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(staticDir, { recursive: true, force: true })
  })
  const env = { DATA_DIR: dataDir, STATIC_DIR: staticDir }

  it('seeds on first start, refuses a second server on the same DATA_DIR, and keeps data across restarts', async () => {
    const first = runServer(env)
    const server = await first.started
    expect(server.output()).toMatch(/Seeded the demo catalog: \d+ products/)
    expect(server.output()).toMatch(
      /Created the operator account admin@yoyaku\.local with password \S{16} \(shown once/,
    )
    const before = await hotList(server.port)
    expect(before.code).toBe(200)
    expect(before.data.length).toBeGreaterThan(0)

    const second = runServer(env)
    const refused = await second.exited
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim()).toMatch(/^DATA_DIR \S+ is in use by another Yoyaku server \(pid \d+\)/)
    expect((await hotList(server.port)).code).toBe(200) // the first one is unharmed

    server.child.kill('SIGTERM')
    const stopped = await first.exited
    expect(stopped.code).toBe(0)

    const third = runServer(env)
    const restarted = await third.started
    try {
      expect(restarted.output()).not.toMatch(/Seeded the demo catalog/)
      expect(restarted.output()).not.toMatch(/Created the operator account/)
      const after = await hotList(restarted.port)
      expect(after.data).toEqual(before.data)
    } finally {
      restarted.child.kill('SIGTERM')
      await third.exited
    }
  }, 120_000) // three real server starts, migrations on a fresh PGlite first: ~15 s alone, far more in a loaded run

  it('stops with one clear line on a bad setting', async () => {
    const { exited } = runServer({ ...env, PORT: 'eighty' })
    const result = await exited
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe(
      'Invalid configuration: PORT must be a port number from 0 to 65535 (got "eighty")',
    )
  })
})

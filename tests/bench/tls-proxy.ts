import { createHash, X509Certificate } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { delay, OutputTail, spawnChild, terminate } from '../../scripts/cluster/child-process.ts'
import { freePort } from '../../scripts/cluster/free-port.ts'
import { findProxy } from '../../scripts/cluster/proxy.ts'

/** A shop served the way shoppers reach it in production: HTTPS and HTTP/2 through Caddy. */
export interface TlsProxy {
  /** https://localhost:<port> */
  origin: string
  /** Chromium flags that make it trust this proxy's own certificate authority (and nothing else new). */
  chromeFlags: string[]
  stop(): Promise<void>
}

/** Every certificate Caddy's internal authority made (root, intermediate, the site's), PEM files. */
function certificatesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.crt'))
    .map((path) => join(dir, path))
}

/** Chromium's `--ignore-certificate-errors-spki-list` entry: base64 of the SHA-256 of the public key. */
function spkiHash(pemFile: string): string {
  const key = new X509Certificate(readFileSync(pemFile)).publicKey.export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(key).digest('base64')
}

/** Whether the proxy answers `url` (any certificate: Node is not the browser being measured). */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get(url, { rejectUnauthorized: false, timeout: 1_000 }, (response) => {
      response.resume()
      resolve(response.statusCode === 200)
    })
    request.on('error', () => resolve(false))
    request.on('timeout', () => request.destroy())
  })
}

/**
 * Starts Caddy in front of `upstreamOrigin` with its internal certificate authority (deploy/Caddyfile
 * serves a domain the same way, with a public one): TLS, HTTP/2 and its 6-connection-free multiplexing,
 * which a plain HTTP/1.1 localhost does not show. Lighthouse's simulation, in particular, queues a
 * page's scripts six at a time over HTTP/1.1, one round trip each.
 */
export async function startTlsProxy(upstreamOrigin: string): Promise<TlsProxy> {
  const { binary } = findProxy('caddy')
  const dir = mkdtempSync(join(tmpdir(), 'yoyaku-tls-proxy-'))
  const port = await freePort()
  const storage = join(dir, 'storage')
  writeFileSync(
    join(dir, 'Caddyfile'),
    `{
	admin off
	skip_install_trust
	auto_https disable_redirects
	storage file_system ${storage}
	log {
		output stderr
		level WARN
	}
}

https://localhost:${port} {
	tls internal
	reverse_proxy ${new URL(upstreamOrigin).host}
}
`,
  )
  const output = new OutputTail()
  const run = spawnChild(binary, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    cwd: dir,
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    onStdout: (text) => output.append(text),
    onStderr: (text) => output.append(text),
  })
  const origin = `https://localhost:${port}`
  const stop = async () => {
    await terminate(run, 'SIGTERM', 5_000)
    rmSync(dir, { recursive: true, force: true })
  }
  // Caddy issues the site's certificate as it starts, then answers.
  for (let attempt = 0; !(await answers(`${origin}/robots.txt`)); attempt++) {
    if (run.hasExited() || attempt > 100) {
      await stop()
      throw new Error(`Caddy did not serve ${origin}:\n${output.text()}`)
    }
    await delay(100)
  }
  return {
    origin,
    chromeFlags: [
      `--ignore-certificate-errors-spki-list=${certificatesUnder(storage).map(spkiHash).join(',')}`,
    ],
    stop,
  }
}

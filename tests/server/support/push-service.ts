import { execFile } from 'node:child_process'
import { createECDH, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import type { IncomingHttpHeaders } from 'node:http'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ece from 'http_ece'

/*
 * A local stand-in for a browser's push service (web-push-facts.md 'Test strategy'), so Web Push is
 * tested end to end without the internet. API (other tests rely on it; keep it stable):
 *
 *   const service = await startPushService()
 *   service.url         'https://127.0.0.1:<port>'
 *   service.hostPort    '127.0.0.1:<port>': put it in PUSH_ENDPOINT_HOSTS / PushDeps.endpointHosts
 *   service.caPem       its self-signed certificate (PEM): PushDeps.trustedCa in an in-process app
 *   service.caPath      the same as a file: NODE_EXTRA_CA_CERTS for a server process (web-push always
 *                       speaks TLS, even to http://)
 *   service.endpointFor('ada-phone')  an endpoint URL on it; a request's `name` is that name
 *   service.requests    every POST received, in order: { name, path, headers, body, at }
 *   service.respondWith(410)  the answer to the requests that follow (default 201, as FCM and
 *                       Mozilla answer); headers too: respondWith(429, { 'Retry-After': '120' })
 *   await service.close()     stops it and deletes the certificate
 *
 *   const keys = browserKeys()  a browser's subscription keys { p256dh, auth } (base64url) and
 *   keys.decrypt(request.body)  what the shop sent, decrypted as that browser would (aes128gcm)
 *
 * startPushService({ onRequest }) also calls `onRequest` with each recorded request before answering
 * it (a browser test relays the decrypted text into the service worker).
 */

export interface PushRequest {
  /** The last path segment of the endpoint (what endpointFor was given). */
  name: string
  path: string
  /** Node's lower-cased request headers (`ttl`, `urgency`, `topic`, `content-encoding`, `authorization`). */
  headers: IncomingHttpHeaders
  /** The encrypted body as sent. */
  body: Buffer
  at: Date
}

export interface PushService {
  url: string
  hostPort: string
  caPem: string
  caPath: string
  requests: PushRequest[]
  respondWith(status: number, headers?: Record<string, string>): void
  endpointFor(name: string): string
  close(): Promise<void>
}

export interface BrowserKeys {
  /** The receiver's public key, base64url (uncompressed P-256 point). */
  p256dh: string
  /** The 16-byte auth secret, base64url. */
  auth: string
  /** Decrypts an aes128gcm body sent to a subscription with these keys (RFC 8291). */
  decrypt(body: Buffer): string
}

const run = promisify(execFile)

/** A self-signed EC certificate for 127.0.0.1 (Debian's openssl), written to a temporary folder. */
async function selfSignedCertificate(): Promise<{
  dir: string
  keyPem: string
  certPem: string
  certPath: string
}> {
  const dir = await mkdtemp(join(tmpdir(), 'yoyaku-push-'))
  const keyPath = join(dir, 'key.pem')
  const certPath = join(dir, 'cert.pem')
  // biome-ignore format: one openssl option per line
  await run('openssl', [
    'req', '-x509',
    '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1',
    '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1',
    '-keyout', keyPath, '-out', certPath,
  ])
  return { dir, keyPem: await readFile(keyPath, 'utf8'), certPem: await readFile(certPath, 'utf8'), certPath }
}

/** Starts the push service on 127.0.0.1 (a free port) over HTTPS. */
export async function startPushService(
  options: { onRequest?: (request: PushRequest) => void | Promise<void> } = {},
): Promise<PushService> {
  const certificate = await selfSignedCertificate()
  const requests: PushRequest[] = []
  let answer = { status: 201, headers: {} as Record<string, string> }

  const server = createServer({ key: certificate.keyPem, cert: certificate.certPem }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST') {
          res.writeHead(405).end()
          return
        }
        const path = new URL(req.url ?? '/', 'https://127.0.0.1').pathname
        const request: PushRequest = {
          name: decodeURIComponent(path.split('/').pop() ?? ''),
          path,
          headers: req.headers,
          body: Buffer.concat(chunks),
          at: new Date(),
        }
        requests.push(request)
        const { status, headers } = answer
        try {
          await options.onRequest?.(request)
        } finally {
          res.writeHead(status, headers).end()
        }
      })()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`
  const url = `https://${hostPort}`

  return {
    url,
    hostPort,
    caPem: certificate.certPem,
    caPath: certificate.certPath,
    requests,
    respondWith(status, headers = {}) {
      answer = { status, headers }
    },
    endpointFor: (name) => `${url}/push/${encodeURIComponent(name)}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await closed
      await rm(certificate.dir, { recursive: true, force: true })
    },
  }
}

/** A browser's subscription keys, as `PushSubscription.toJSON().keys` gives them, and their decryption. */
export function browserKeys(): BrowserKeys {
  const receiver = createECDH('prime256v1')
  receiver.generateKeys()
  const authSecret = randomBytes(16)
  return {
    p256dh: receiver.getPublicKey('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt: (body) =>
      ece.decrypt(body, { version: 'aes128gcm', privateKey: receiver, authSecret }).toString('utf8'),
  }
}

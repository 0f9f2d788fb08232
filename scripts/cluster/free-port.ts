import { createServer } from 'node:net'

/**
 * A TCP port free on 127.0.0.1 right now. The cluster gives every process a fixed port chosen
 * up front, so the proxy's configuration can name it and a restarted process comes back on it; tests
 * use it for a shop that must know its own address before it starts (PUBLIC_URL for the providers'
 * emulators).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

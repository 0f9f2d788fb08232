import { createServer } from 'node:net'

/**
 * A TCP port free on 127.0.0.1 right now, for a process that must know its own address before it
 * starts (a shop whose PUBLIC_URL the payment providers' emulators send shoppers back to).
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

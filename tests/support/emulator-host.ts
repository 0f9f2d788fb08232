import type { AddressInfo } from 'node:net'
import { type ServerType, serve } from '@hono/node-server'

/* What every payment provider's emulator needs besides its protocol: a listening address, background
 * deliveries a test can wait for, and escaped text on its pages. */

/** Serves an emulator's app on 127.0.0.1 (`port` 0: a free one). */
export async function listenOn(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  port = 0,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(started))
  })
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      // the shop's keep-alive connections would hold close() open
      if ('closeAllConnections' in server) server.closeAllConnections()
      await closed
    },
  }
}

/** Deliveries running in the background (late ones): `settled()` resolves once none is left. */
export function backgroundWork() {
  const inFlight = new Set<Promise<unknown>>()
  const track = <T>(work: Promise<T>): Promise<T> => {
    const tracked = work.finally(() => inFlight.delete(tracked))
    inFlight.add(tracked)
    return tracked
  }
  return {
    track,
    /** Runs `work` after `delayMs`, tracked. */
    later: (delayMs: number, work: () => Promise<unknown>) =>
      track(new Promise((resolve) => setTimeout(resolve, delayMs)).then(work)),
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
  }
}

/** Text safe inside an emulator page's HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

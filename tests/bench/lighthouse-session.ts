/**
 * A signed-in Lighthouse run: the app keeps its session token in localStorage under `token`
 * (src/lib/session-token.ts), so the token is stored in the fresh Chromium before Lighthouse loads the
 * page. Lighthouse's own storage reset stays on, so the run is still a cold load: it clears the HTTP
 * cache and the origin's service workers, Cache Storage and file systems, and, as told here, its
 * IndexedDB and cookies too. Local storage is left alone (Lighthouse never clears it unless
 * `clearStorageTypes` names it): the stored token is the one thing carried into the run.
 */

/** What Lighthouse's reset clears for a signed-in run: its defaults, plus IndexedDB and cookies; never local storage. */
export const CLEARED_FOR_SIGNED_IN = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'indexeddb',
  'cookies',
] as const

/** A page of the origin on which none of the app's code runs (no worker registered, nothing else stored). */
const PLAIN_PAGE = '/robots.txt'

interface CdpMessage {
  id?: number
  method?: string
  result?: { result?: { value?: unknown } }
  error?: { message: string }
}

/**
 * Stores `token` in the origin's localStorage of the Chromium listening on `port` (DevTools protocol,
 * straight over its WebSocket): opens a plain file of the origin in the first tab, sets the key and
 * reads it back, then leaves the tab on about:blank.
 */
export async function storeSessionToken(port: number, origin: string, token: string): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    type: string
    webSocketDebuggerUrl: string
  }[]
  const tab = targets.find((target) => target.type === 'page')
  if (!tab) throw new Error('the launched Chromium has no tab')
  const socket = new WebSocket(tab.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', reject, { once: true })
  })
  let nextId = 0
  const waiting = new Map<number, (message: CdpMessage) => void>()
  const events = new Map<string, () => void>()
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as CdpMessage
    if (message.id !== undefined) waiting.get(message.id)?.(message)
    else if (message.method) events.get(message.method)?.()
  })
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<CdpMessage>((resolve, reject) => {
      const id = ++nextId
      waiting.set(id, (message) =>
        message.error ? reject(new Error(message.error.message)) : resolve(message),
      )
      socket.send(JSON.stringify({ id, method, params }))
    })
  const loaded = () =>
    new Promise<void>((resolve) => {
      events.set('Page.loadEventFired', resolve)
    })
  try {
    await send('Page.enable')
    const plainLoaded = loaded()
    await send('Page.navigate', { url: origin + PLAIN_PAGE })
    await plainLoaded
    const stored = await send('Runtime.evaluate', {
      expression: `localStorage.setItem('token', ${JSON.stringify(token)}); localStorage.getItem('token')`,
      returnByValue: true,
    })
    if (stored.result?.result?.value !== token) throw new Error('the session token was not stored')
    const blankLoaded = loaded()
    await send('Page.navigate', { url: 'about:blank' })
    await blankLoaded
  } finally {
    socket.close()
  }
}

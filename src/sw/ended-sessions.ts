/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core'
import { isPrivateCacheName, type SessionsEndedMessage, tokenOwnerOf } from './cache-names.ts'

declare const self: ServiceWorkerGlobalScope

/**
 * Sessions this worker has answered for since it started, and those the page has since ended. An
 * answer that was still on its way when the shopper logged out (a background refresh, a call slower
 * than the 3 s fallback) would otherwise be written into a private cache after the page deleted it.
 * Memory is enough: a worker that stops has nothing in flight either.
 */
const activeSessions = new Set<string>()
const endedSessions = new Set<string>()

function sessionOf(request: Request): string | undefined {
  const token = request.headers.get('token')
  return token === null ? undefined : tokenOwnerOf(token)?.session
}

/** Called for every private call the worker answers. */
export function noteSession(session: string): void {
  if (!endedSessions.has(session)) activeSessions.add(session)
}

/** The page wiped the private caches: every session but the one it keeps is over. */
export async function endSessions(message: SessionsEndedMessage): Promise<void> {
  for (const session of activeSessions) {
    if (session !== message.keepSession) endedSessions.add(session)
  }
  activeSessions.clear()
  if (message.keepSession !== null) activeSessions.add(message.keepSession)
  // the page deletes them too; deleting here as well covers a write that landed in between
  const names = await self.caches.keys()
  await Promise.all(names.filter(isPrivateCacheName).map((name) => self.caches.delete(name)))
}

/** Drops the answers of ended sessions, before the write and (for one already under way) after it. */
export const refuseEndedSessions: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    const session = sessionOf(request)
    return session !== undefined && endedSessions.has(session) ? null : response
  },
  cacheDidUpdate: async ({ cacheName, request }) => {
    const session = sessionOf(request)
    if (session === undefined || !endedSessions.has(session)) return
    await self.caches.delete(cacheName)
  },
}

import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { Context } from 'hono'
import { routePath } from 'hono/route'
import type { AppDeps, AppEnv } from '../app-env.ts'
import { type Bytes, type CachedAnswer, catalogCacheOf } from './catalog-cache.ts'
import { logRequest, REQUEST_ID_HEADER, requestIdFrom } from './request-log.ts'
import { claimsOutOfDate, TOKEN_HEADER } from './session.ts'
import { sessionCacheOf } from './session-cache.ts'

/**
 * The fast lane: a repeated public catalog call (the home page's lists, a category tree) answered from
 * the catalog cache before the framework sees the request, with the very bytes and headers the
 * framework sent the last caller of the same shape. Browsing is most of a shop's traffic, and for it
 * Hono's context, router, validator and middleware cost several times the answer itself.
 *
 * A lane is learnt from an answer the framework sent (`record`, the app's outermost middleware): the
 * request's exact path and query, Accept-Encoding, If-None-Match and kind of caller (a visitor, or a signed-in account's
 * kind and price role), the catalog key it was answered from, and the response's headers. The lane then
 * answers the same shape while all of this holds, and otherwise hands the request to the framework:
 * - the catalog cache still holds that very answer (a catalog change, or its TTL, ends the lane);
 * - a `token`'s session and account are held by the session cache, active, and the token shows the
 *   account's current role and points (else the framework answers with a fresh token or 9005);
 * - none of a signed-in caller's favourites, which the session cache must hold, is on the answer's
 *   cards (else the framework marks them on a copy);
 * - a GET without Authorization, on a process that is not draining.
 * A revalidation (If-None-Match) has lanes of its own: the framework's 304 for the same tag.
 * Every request answered here is logged and counted as the framework's are (request-log.ts).
 */

export interface FastLaneLimits {
  /** At most this many lanes (the oldest go first): paths and queries are the caller's to choose. */
  maxLanes?: number
  /**
   * At most this many bytes of answers held by lanes, each lane counted whole even when lanes share
   * an answer: a lane keeps its answer alive after the catalog cache let it go, until it is next used.
   */
  maxBytes?: number
}

const DEFAULT_LIMITS: Required<FastLaneLimits> = { maxLanes: 10_000, maxBytes: 32 * 1024 * 1024 }

interface Lane {
  /** 200, or 304 for a client that named the answer's tag in If-None-Match. */
  status: 200 | 304
  key: string
  answer: CachedAnswer
  body: Bytes
  route: string
  /** The response's headers, name and value in turn, without the request's own id. */
  headers: string[]
  /** The answer's product cards, for a signed-in caller's favourites; undefined for visitors' lanes. */
  cardIds: readonly number[] | undefined
}

/** Headers that belong to one request and are never replayed. */
const OWN_HEADERS = new Set([REQUEST_ID_HEADER, TOKEN_HEADER, 'set-cookie', 'connection'])

const VISITOR = 'visitor'

/** Which answers a caller gets: the same for every visitor, and for accounts of one kind and price role. */
const callerClassOf = (account: { kind: string; role: number | null }) => `${account.kind}:${account.role}`

/** The request headers that choose the answer, besides the caller: its coding, and a 304 over a 200. */
const laneKeyOf = (callerClass: string, headers: IncomingHttpHeaders, url: string) =>
  `${callerClass}\n${headers['accept-encoding'] ?? ''}\n${headers['if-none-match'] ?? ''}\n${url}`

/** The node request behind a Hono context, when the app runs under node-server. */
const incomingOf = (c: Context) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming

export class FastLane {
  readonly #lanes = new Map<string, Lane>()
  readonly #limits: Required<FastLaneLimits>
  #bytes = 0
  /** The app's dependencies, learnt with its first lane: until then there is nothing to answer. */
  #deps: AppDeps | undefined
  #served = 0

  constructor(limits: FastLaneLimits = {}) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits }
  }

  /** How many requests the lane has answered (tests, to see it took the request). */
  get served(): number {
    return this.#served
  }

  /** Learns a lane from a shared catalog answer the framework has just sent in full. */
  record(c: Context<AppEnv>): void {
    const sent = c.var.sharedAnswer
    const incoming = incomingOf(c)
    const status = c.res.status
    if (!sent || !incoming?.url || c.req.method !== 'GET' || (status !== 200 && status !== 304)) return
    const request = incoming.headers
    if (request.authorization !== undefined) return
    const signedIn = c.var.signedIn
    // A token the framework did not sign in (ended, forged) made a visitor's answer: no lane for it.
    if (request[TOKEN_HEADER] !== undefined && !signedIn) return
    const headers: string[] = []
    for (const [name, value] of c.res.headers) {
      if (OWN_HEADERS.has(name)) {
        if (name === REQUEST_ID_HEADER) continue
        return
      }
      headers.push(name, value)
    }
    // Only bytes the answer's own code chose: a later middleware that changed them leaves no lane.
    if (status === 200 && c.res.headers.get('content-length') !== String(sent.body.byteLength)) return
    this.#deps = c.var.deps
    const callerClass = signedIn ? callerClassOf(signedIn.account) : VISITOR
    const laneKey = laneKeyOf(callerClass, request, incoming.url)
    this.#drop(laneKey)
    this.#add(laneKey, {
      status,
      key: sent.key,
      answer: sent.answer,
      body: sent.body,
      route: routePath(c) || 'unmatched',
      headers,
      cardIds: signedIn ? (sent.answer.cardIds ?? []) : undefined,
    })
  }

  #add(laneKey: string, lane: Lane): void {
    this.#lanes.set(laneKey, lane)
    this.#bytes += lane.body.byteLength
    for (const oldest of this.#lanes.keys()) {
      if (this.#lanes.size <= this.#limits.maxLanes && this.#bytes <= this.#limits.maxBytes) break
      this.#drop(oldest)
    }
  }

  #drop(laneKey: string): void {
    const lane = this.#lanes.get(laneKey)
    if (!lane) return
    this.#lanes.delete(laneKey)
    this.#bytes -= lane.body.byteLength
  }

  /** Answers the request when a lane holds for it; false hands it to the framework. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const started = performance.now()
    const deps = this.#deps
    if (!deps || request.method !== 'GET' || !request.url || deps.draining?.()) return false
    const headers = request.headers
    if (headers.authorization !== undefined) return false
    const cache = catalogCacheOf(deps.db)
    if (!cache) return false
    const now = deps.now()
    const token = headers[TOKEN_HEADER]
    let callerClass = VISITOR
    let userId: number | undefined
    let favourites: ReadonlyMap<number, number> | undefined
    if (token !== undefined) {
      if (typeof token !== 'string') return false
      const sessions = sessionCacheOf(deps.db)
      const held = sessions?.heldSignIn(deps.authKeys.tokenKey, token.trim(), now)
      if (!held || claimsOutOfDate(held.claims, held.account)) return false
      callerClass = callerClassOf(held.account)
      userId = held.account.id
      favourites = sessions?.heldFavourites(userId, now)
    }
    const laneKey = laneKeyOf(callerClass, headers, request.url)
    const lane = this.#lanes.get(laneKey)
    if (!lane) return false
    if (cache.peek(lane.key, now.getTime()) !== lane.answer) {
      this.#drop(laneKey)
      return false
    }
    if (lane.cardIds && lane.cardIds.length > 0) {
      if (!favourites) return false
      for (const id of lane.cardIds) if (favourites.has(id)) return false
    }
    const sentId = headers[REQUEST_ID_HEADER]
    const reqId = requestIdFrom(typeof sentId === 'string' ? sentId : undefined)
    response.writeHead(lane.status, [...lane.headers, REQUEST_ID_HEADER, reqId])
    response.end(lane.body)
    this.#served += 1
    logRequest(deps.logRequests, {
      reqId,
      method: 'GET',
      route: lane.route,
      status: lane.status,
      seconds: (performance.now() - started) / 1000,
      userId,
    })
    return true
  }

  /** The framework's request listener with the lane in front of it. */
  listener(framework: RequestListener): RequestListener {
    return (request, response) => {
      if (!this.answer(request, response)) framework(request, response)
    }
  }
}

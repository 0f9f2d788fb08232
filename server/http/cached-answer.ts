import { createHash } from 'node:crypto'
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'
import type { Context } from 'hono'
import type { ProductCardDto } from '../../src/domain/catalog.ts'
import type { Language } from '../../src/domain/language.ts'
import { type PriceViewer, priceColumnFor } from '../../src/domain/price-display.ts'
import type { Page } from '../../src/domain/queries.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import type { AppEnv } from '../app-env.ts'
import { markFavourites, withFavouriteIds } from '../services/favourites.ts'
import { type Bytes, type CachedAnswer, catalogCacheOf } from './catalog-cache.ts'
import { ok } from './envelope.ts'
import { sessionCacheOf } from './session-cache.ts'

/**
 * Which prices an answer carries, as part of its cache key: none for a visitor, every column for an
 * operator, and for a customer the one column their role sees in the language (src/domain decides),
 * so customers of the same column share answers and no one gets another column's.
 */
export function priceKeyOf(viewer: PriceViewer, language: Language): string {
  if (viewer.kind !== 'customer') return viewer.kind
  const column = viewer.role === null ? undefined : priceColumnFor(viewer.role, language)
  return column ?? 'no-price'
}

export interface CatalogAnswer<T> {
  /** The validated query; with the request path and `prices` it keys the answer. */
  query: object
  /** priceKeyOf the caller, for answers that carry prices. */
  prices?: string
  /** Builds the answer shared by every caller of the key: never with a caller's favourites. */
  load: () => Promise<T>
  /** When an answer that changes with time alone (a scheduled announcement) goes stale. */
  expiresAt?: () => Promise<Date | undefined>
  /** Where the answer's product cards are, so a signed-in caller's favourites get their `bid`. */
  cards?: T extends ProductCardDto[] ? 'list' : T extends Page<ProductCardDto> ? 'page' : never
}

const textDecoder = new TextDecoder()

/**
 * The data of an answer, read back from its bytes: only the bytes are kept (parsed objects would take
 * several times the memory), and a signed-in caller's overlay costs little beside its session check.
 */
const dataOf = <T>(answer: CachedAnswer): T =>
  (JSON.parse(textDecoder.decode(answer.body)) as Envelope<T>).data

/** The body of a 304. */
const NO_BODY: Bytes = new Uint8Array(0)

/** Below this size an answer is sent as it is, as the compress middleware does. */
const COMPRESS_THRESHOLD_BYTES = 1024

const ENCODERS: Record<'br' | 'gzip', (body: Bytes) => Bytes> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
  gzip: (body) => gzipSync(body),
}

type Coding = keyof typeof ENCODERS

/** The coding to send: brotli, else gzip, when the client accepts it (q above 0), else none. */
function chosenCoding(acceptEncoding: string | undefined, bodyBytes: number): Coding | undefined {
  if (!acceptEncoding || bodyBytes < COMPRESS_THRESHOLD_BYTES) return undefined
  const quality = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim())
    const q = params.find((param) => param.startsWith('q='))
    quality.set(name.toLowerCase(), q ? Number(q.slice(2)) : 1)
  }
  const accepts = (coding: Coding) => (quality.get(coding) ?? quality.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return undefined
}

/** A strong tag per representation: the body's hash, plus the coding for a compressed copy. */
const tagOf = (answer: CachedAnswer, coding: Coding | undefined) =>
  coding ? `"${answer.etag}-${coding}"` : `"${answer.etag}"`

/** Whether If-None-Match names any representation of this answer (weak comparison, RFC 9110 13.1.2). */
function isNotModified(ifNoneMatch: string | undefined, answer: CachedAnswer): boolean {
  if (!ifNoneMatch) return false
  const known = new Set([tagOf(answer, undefined), tagOf(answer, 'br'), tagOf(answer, 'gzip')])
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || known.has(tag))
}

/** Serialises `data` in the API's envelope, once, with its hash. */
async function answerOf(c: Context<AppEnv>, data: unknown, expiresAt: number): Promise<CachedAnswer> {
  const response = ok(c, data)
  const body = new Uint8Array(await response.arrayBuffer())
  return {
    body,
    contentType: response.headers.get('content-type') ?? 'application/json',
    etag: createHash('sha256').update(body).digest('base64url').slice(0, 27),
    expiresAt,
    encoded: new Map(),
  }
}

/**
 * Sends an answer (or 304 when the client holds it), compressed copies made by `encode`. `sharedKey`,
 * the answer's key in the catalog cache when it is the one every caller of the key gets, lets the fast
 * lane send the same bytes again.
 */
function send(
  c: Context<AppEnv>,
  answer: CachedAnswer,
  encode: (coding: Coding) => Bytes,
  sharedKey?: string,
): Response {
  const coding = chosenCoding(c.req.header('accept-encoding'), answer.body.byteLength)
  c.header('ETag', tagOf(answer, coding))
  c.header('Vary', 'Accept-Encoding', { append: true })
  // Clients may keep the answer but must ask again; the ETag makes asking again cheap. optionalSession
  // then makes a signed-in caller's answer private.
  c.header('Cache-Control', 'no-cache')
  if (isNotModified(c.req.header('if-none-match'), answer)) {
    if (sharedKey !== undefined) c.set('sharedAnswer', { key: sharedKey, answer, body: NO_BODY })
    return c.body(null, 304)
  }
  const body = coding ? encode(coding) : answer.body
  const headers: Record<string, string> = {
    'Content-Type': answer.contentType,
    'Content-Length': String(body.byteLength),
  }
  if (coding) headers['Content-Encoding'] = coding
  if (sharedKey !== undefined) c.set('sharedAnswer', { key: sharedKey, answer, body })
  return c.body(body, 200, headers)
}

/**
 * The caller's favourites marked on the answer's cards, or undefined when none of them is one. From the
 * session cache when the database has one (a warm call reads nothing), else one query for the cards.
 */
const cardsOf = <T>(spec: CatalogAnswer<T>, data: T): ProductCardDto[] =>
  spec.cards === 'list' ? (data as ProductCardDto[]) : (data as Page<ProductCardDto>).list

/**
 * Whether the signed-in caller may have a favourite among the answer's cards: false only when the
 * session cache holds their favourites and none is there, which spares reading the answer back.
 */
async function mayHoldFavourites(c: Context<AppEnv>, answer: CachedAnswer): Promise<boolean> {
  const userId = c.var.signedIn?.userId
  if (userId === undefined || !answer.cardIds) return true
  const { db, now } = c.var.deps
  const kept = await sessionCacheOf(db)?.favouritesOf(userId, now())
  if (!kept) return true
  return answer.cardIds.some((id) => kept.has(id))
}

async function withCallersFavourites<T>(
  c: Context<AppEnv>,
  spec: CatalogAnswer<T>,
  data: T,
): Promise<T | undefined> {
  const userId = c.var.signedIn?.userId
  if (userId === undefined || !spec.cards) return undefined
  const { db, now } = c.var.deps
  const cards = cardsOf(spec, data)
  const kept = await sessionCacheOf(db)?.favouritesOf(userId, now())
  const marked = kept ? markFavourites(cards, kept) : await withFavouriteIds(db, userId, cards)
  if (!marked.some((card) => card.bid !== undefined)) return undefined
  return (spec.cards === 'list' ? marked : { ...(data as Page<ProductCardDto>), list: marked }) as T
}

/**
 * Answers a public catalog call from the database's catalog cache (when one runs, see catalog-cache.ts),
 * keyed by path, validated query and the caller's price column, with an ETag and 304 Not Modified.
 * A signed-in caller's favourites are marked on a copy of the shared answer, never stored in it, so
 * one shopper's `bid` never reaches another; an answer with no favourite to mark is the shared one.
 */
export async function answerCatalog<T>(c: Context<AppEnv>, spec: CatalogAnswer<T>): Promise<Response> {
  const { db, now } = c.var.deps
  const cache = catalogCacheOf(db)
  if (!cache) {
    const data = await spec.load()
    return ok(c, (await withCallersFavourites(c, spec, data)) ?? data)
  }
  const nowMs = now().getTime()
  const key = `${spec.prices ?? '-'} ${c.req.path} ${JSON.stringify(spec.query)}`
  const shared = await cache.answer(key, nowMs, async () => {
    const data = await spec.load()
    const until = (await spec.expiresAt?.())?.getTime() ?? Number.POSITIVE_INFINITY
    const answer = await answerOf(c, data, Math.min(nowMs + cache.ttlMs, until))
    if (spec.cards) answer.cardIds = cardsOf(spec, data).map((card) => card.id)
    return answer
  })
  const marked =
    c.var.signedIn && spec.cards && (await mayHoldFavourites(c, shared))
      ? await withCallersFavourites(c, spec, dataOf<T>(shared))
      : undefined
  if (marked === undefined) {
    return send(c, shared, (coding) => cache.encodedCopy(key, shared, coding, ENCODERS[coding]), key)
  }
  const own = await answerOf(c, marked, shared.expiresAt)
  return send(c, own, (coding) => ENCODERS[coding](own.body))
}

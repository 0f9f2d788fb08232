import { t } from '@lingui/core/macro'
import wretch, { type ConfiguredMiddleware, type WretchError } from 'wretch'
import { type Envelope, isFailureCode, ResultCode } from '../domain/result-code.ts'
import { readStoredToken, storeToken } from './session-token.ts'
import { showToast } from './toast.ts'

/**
 * Why a call failed: the server said no (with its code), the network is down, it took too long, or it
 * was cancelled (superseded by the same call, every call stopped at session end, or the caller's signal).
 */
export type FailureKind = 'server' | 'network' | 'timeout' | 'aborted'

export class ApiFailure extends Error {
  readonly kind: FailureKind
  /** The envelope code (or the HTTP status when the body was no envelope); undefined without a response. */
  readonly code: number | undefined
  /** The envelope's data: `{ fields: [{ field, message }] }` on 400, `{ retryAfterSeconds }` on 429. */
  readonly data: unknown
  constructor(kind: FailureKind, message: string, code?: number, data?: unknown) {
    super(message)
    this.name = 'ApiFailure'
    this.kind = kind
    this.code = code
    this.data = data
  }
}

/** Spec §9: the main JSON client waits up to 300 s. The service worker answers from cache sooner. */
const DEFAULT_TIMEOUT_MS = 300_000
/** Spec §9: the blob export and the preview call give up after 4 s. */
export const BLOB_TIMEOUT_MS = 4000

type QueryValue = string | number | boolean | null | undefined

export interface ApiCallOptions {
  /** Undefined and null values are left out of the URL. */
  query?: Record<string, QueryValue>
  /** false: no toast, the caller shows the failure (9004 and 9005 still toast and end the session). */
  systemNotify?: boolean
  timeoutMs?: number
  signal?: AbortSignal
  /** Extra request headers (the preview call's `Authorization: Bearer`). */
  headers?: Record<string, string>
}

export interface SessionHooks {
  /** The server sent a fresh token (login, or renewal near expiry); it is already stored. */
  onToken(token: string): void
  /** Code 9004: the session ran out. In-flight calls are already aborted. */
  onSessionExpired(): void
  /** Code 9005: the account was disabled. In-flight calls are already aborted. */
  onAccountDisabled(): void
}

const noSessionHooks: SessionHooks = { onToken() {}, onSessionExpired() {}, onAccountDisabled() {} }
let sessionHooks: SessionHooks = noSessionHooks

/** Registered once by the session feature; until then a new token is only stored. */
export function configureSession(hooks: SessionHooks): void {
  sessionHooks = hooks
}

/**
 * Any response, success or failure, may carry a token: a login's, or a renewal. A renewal is taken
 * only while the session that sent the call is still the stored one, so a late answer to a call made
 * before a logout (or before another login) cannot sign the old session back in.
 */
const adoptResponseToken =
  (sentToken: string | null): ConfiguredMiddleware =>
  (next) =>
  async (url, options) => {
    const response = await next(url, options)
    const token = response.headers.get('token')
    if (token && (sentToken === null || readStoredToken() === sentToken)) {
      storeToken(token)
      sessionHooks.onToken(token)
    }
    return response
  }

// Built per call so the origin and the token are read when the call is made (and jsdom's origin in tests).
function api() {
  const token = readStoredToken()
  const base = wretch(`${location.origin}/api`)
    .middlewares([adoptResponseToken(token)])
    .accept('application/json')
  return token ? base.headers({ token }) : base
}

/** Path plus the query sorted by name, so the same call always has the same URL (the duplicate key). */
function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams()
  for (const name of Object.keys(query).sort()) {
    const value = query[name]
    if (value !== undefined && value !== null) params.append(name, String(value))
  }
  const search = params.toString()
  const pathname = path.startsWith('/') ? path : `/${path}`
  return search ? `${pathname}?${search}` : pathname
}

interface InFlightCall {
  controller: AbortController
  /** Set when this client ended the call, so its rejection can be told apart from a network failure. */
  endedBy: 'aborted' | 'timeout' | 'superseded' | undefined
  /** The identical call that replaced this one: this call's caller gets that call's outcome. */
  successor?: InFlightCall
  /** What the call resolves to (set as soon as it is sent). */
  outcome?: Promise<unknown>
}

const inFlight = new Set<InFlightCall>()
const inFlightByKey = new Map<string, InFlightCall>()

function abortCall(call: InFlightCall, reason: NonNullable<InFlightCall['endedBy']>): void {
  call.endedBy ??= reason
  call.controller.abort()
}

/** Aborts every call in flight; they reject with kind 'aborted' and show nothing. */
export function abortAllRequests(): void {
  for (const call of [...inFlight]) abortCall(call, 'aborted')
}

/** Registers a call: supersedes the same call in flight, arms the timeout, follows the caller's signal. */
function track(key: string | undefined, options: ApiCallOptions): { call: InFlightCall; finish(): void } {
  const call: InFlightCall = { controller: new AbortController(), endedBy: undefined }
  if (key !== undefined) {
    const earlier = inFlightByKey.get(key)
    if (earlier) {
      earlier.successor = call
      abortCall(earlier, 'superseded')
    }
    inFlightByKey.set(key, call)
  }
  inFlight.add(call)
  const timer = setTimeout(() => abortCall(call, 'timeout'), options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  const followCaller = () => abortCall(call, 'aborted')
  if (options.signal?.aborted) followCaller()
  options.signal?.addEventListener('abort', followCaller)
  return {
    call,
    finish() {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', followCaller)
      inFlight.delete(call)
      // A superseded call finishes after its successor registered under the same key.
      if (key !== undefined && inFlightByKey.get(key) === call) inFlightByKey.delete(key)
    },
  }
}

function parseEnvelope(text: string): Envelope<unknown> | undefined {
  try {
    const body = JSON.parse(text) as Partial<Envelope<unknown>> | null
    return typeof body?.code === 'number' ? (body as Envelope<unknown>) : undefined
  } catch {
    return undefined
  }
}

function isWretchError(error: unknown): error is WretchError {
  return error instanceof wretch.WretchError
}

/** No answer: offline, the action needs the network (the page stays as it is); else a timeout. */
function noResponseMessage(): string {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return t`当前离线：这项操作需要联网，请连上网络后再试。`
  }
  return t`请求超时，请重试！`
}

function genericFailureMessage(): string {
  return t`出错了，请稍后再试`
}

/**
 * Spec §8: toasts and session consequences of a failure. Cancelled calls stay silent. The end of a
 * session (9004, 9005) is toasted even for a quiet call: it ends everything on screen, whichever call
 * (a background load, a route guard) happened to meet it first.
 */
function report(failure: ApiFailure, notify: boolean): void {
  if (failure.kind === 'aborted') return
  if (failure.kind === 'server' && failure.code === ResultCode.sessionExpired) {
    showToast({ tone: 'error', message: t`登录已超时，请重新登录` })
    abortAllRequests()
    sessionHooks.onSessionExpired()
    return
  }
  if (failure.kind === 'server' && failure.code === ResultCode.accountDisabled) {
    showToast({ tone: 'error', message: t`账号已被停用` })
    abortAllRequests()
    sessionHooks.onAccountDisabled()
    return
  }
  if (!notify) return
  if (failure.message.includes('Exceeds the limit')) {
    showToast({ tone: 'warning', message: failure.message, durationMs: 5000 })
    return
  }
  showToast({ tone: 'error', message: failure.message })
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * Spec §9: an identical call (method, URL, query and body) made while one is in flight aborts the
 * earlier request. Its caller is not left with a failure: it gets the answer of the call that replaced
 * it, so a page whose data was asked for twice (a route loaded again as the session or the service
 * worker changed) shows that data, not a cancelled load.
 */
function call<T>(method: Method, path: string, body: unknown, options: ApiCallOptions): Promise<T> {
  const url = buildUrl(path, options.query)
  const isUpload = body instanceof FormData
  // Uploads are never duplicates of each other: two files to the same path are two intents.
  const key = isUpload ? undefined : `${method} ${url} ${JSON.stringify(body) ?? ''}`
  const tracking = track(key, options)
  const outcome = send<T>(method, url, body, options, tracking)
  tracking.call.outcome = outcome
  return outcome
}

async function send<T>(
  method: Method,
  url: string,
  body: unknown,
  options: ApiCallOptions,
  { call: tracked, finish }: ReturnType<typeof track>,
): Promise<T> {
  const isUpload = body instanceof FormData
  const notify = options.systemNotify !== false

  let status: number
  let envelope: Envelope<unknown> | undefined
  try {
    const request = api()
      .headers(options.headers ?? {})
      .url(url)
      .options({ signal: tracked.controller.signal })
    // FormData goes as it is so fetch writes the multipart boundary into the content type.
    const withBody =
      body === undefined
        ? request
        : isUpload
          ? request.body(body)
          : request.content('application/json').body(JSON.stringify(body))
    const response = await withBody
      .fetch(method)
      .res()
      .catch((error: unknown) => {
        if (isWretchError(error)) return error.response
        throw error
      })
    status = response.status
    envelope = parseEnvelope(await response.text())
  } catch {
    if (tracked.endedBy === 'superseded' && tracked.successor?.outcome) {
      return tracked.successor.outcome as Promise<T>
    }
    const failure =
      tracked.endedBy === 'aborted' || tracked.endedBy === 'superseded'
        ? new ApiFailure('aborted', 'Request cancelled')
        : new ApiFailure(tracked.endedBy === 'timeout' ? 'timeout' : 'network', noResponseMessage())
    report(failure, notify)
    throw failure
  } finally {
    finish()
  }

  if (!envelope) {
    const failure = new ApiFailure('server', genericFailureMessage(), status)
    report(failure, notify)
    throw failure
  }
  if (isFailureCode(envelope.code)) {
    const failure = new ApiFailure(
      'server',
      envelope.msg || genericFailureMessage(),
      envelope.code,
      envelope.data ?? undefined,
    )
    report(failure, notify)
    throw failure
  }
  return envelope.data as T
}

/** GET and unwrap the envelope; `query` adds to (and wins over) `options.query`. */
export function apiGet<T>(
  path: string,
  query: Record<string, QueryValue> = {},
  options: ApiCallOptions = {},
): Promise<T> {
  return call<T>('GET', path, undefined, { ...options, query: { ...options.query, ...query } })
}

export function apiPost<T>(path: string, body?: unknown, options: ApiCallOptions = {}): Promise<T> {
  return call<T>('POST', path, body, options)
}

export function apiPut<T>(path: string, body?: unknown, options: ApiCallOptions = {}): Promise<T> {
  return call<T>('PUT', path, body, options)
}

export function apiDelete<T>(path: string, body?: unknown, options: ApiCallOptions = {}): Promise<T> {
  return call<T>('DELETE', path, body, options)
}

/** PUT a multipart form (avatar and other files). */
export function apiUpload<T>(path: string, form: FormData, options: ApiCallOptions = {}): Promise<T> {
  return call<T>('PUT', path, form, options)
}

/** For the other transport of src/lib (api-download.ts): the same toasts and session consequences. */
export { report as reportApiFailure }

import wretch from 'wretch'
import QueryStringAddon from 'wretch/addons/queryString'
import { type Envelope, isFailureCode } from '../domain/result-code.ts'

/** Why a call failed: the server said no (with its code), the network is down, or it took too long. */
export type FailureKind = 'server' | 'network' | 'timeout'

export class ApiFailure extends Error {
  readonly code: number | undefined
  readonly kind: FailureKind
  constructor(kind: FailureKind, message: string, code?: number) {
    super(message)
    this.name = 'ApiFailure'
    this.kind = kind
    this.code = code
  }
}

/** Spec §9: the main JSON client waits up to 300 s. The service worker answers from cache sooner. */
const TIMEOUT_MS = 300_000

type QueryValue = string | number | boolean | undefined | null

// Built per call so the origin is read where it is defined (the browser, or jsdom in tests).
const api = () => wretch(`${location.origin}/api`).addon(QueryStringAddon).accept('application/json')

function parseEnvelope(text: string): Envelope<unknown> | undefined {
  try {
    const body = JSON.parse(text) as Partial<Envelope<unknown>>
    return typeof body.code === 'number' ? (body as Envelope<unknown>) : undefined
  } catch {
    return undefined
  }
}

/** GET an API call and unwrap its envelope; any code ≥ 300 becomes an ApiFailure. */
export async function apiGet<T>(path: string, query: Record<string, QueryValue> = {}): Promise<T> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null))
  let envelope: Envelope<unknown> | undefined
  try {
    envelope = await api()
      .url(path)
      .query(params as Record<string, string>)
      .options({ signal: AbortSignal.timeout(TIMEOUT_MS) })
      .get()
      .json<Envelope<unknown>>()
  } catch (error) {
    const failure = error as Error & { status?: number; name: string }
    if (failure.name === 'TimeoutError') throw new ApiFailure('timeout', 'Request timed out')
    if (failure.status === undefined) throw new ApiFailure('network', failure.message)
    envelope = parseEnvelope(failure.message)
    if (!envelope) throw new ApiFailure('server', failure.message, failure.status)
  }
  if (isFailureCode(envelope.code)) throw new ApiFailure('server', envelope.msg, envelope.code)
  return envelope.data as T
}

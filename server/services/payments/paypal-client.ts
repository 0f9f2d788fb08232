import * as v from 'valibot'
import { type PaypalSettings, PROVIDER_TIMEOUT_MS } from './provider-settings.ts'

/*
 * A small fetch client for the four PayPal REST calls the shop makes (payments-facts: the official SDK
 * hard-codes its hosts, so it cannot be pointed at the emulator). OAuth2 client credentials, one
 * cached token per app and host, every call bounded by PROVIDER_TIMEOUT_MS.
 */

/** A PayPal error answer: `name`, `message`, `debug_id` and `details[].issue` (or OAuth's `error`). */
export class PaypalApiError extends Error {
  readonly status: number
  readonly errorName: string
  readonly issues: string[]

  constructor(status: number, errorName: string, issues: string[], message: string) {
    super(message)
    this.name = 'PaypalApiError'
    this.status = status
    this.errorName = errorName
    this.issues = issues
  }

  /** PayPal's machine-readable reason, e.g. ORDER_ALREADY_CAPTURED. */
  hasIssue(issue: string): boolean {
    return this.issues.includes(issue)
  }
}

const errorSchema = v.looseObject({
  name: v.optional(v.string()),
  message: v.optional(v.string()),
  debug_id: v.optional(v.string()),
  error: v.optional(v.string()),
  error_description: v.optional(v.string()),
  details: v.optional(v.array(v.looseObject({ issue: v.optional(v.string()) }))),
})

const tokenSchema = v.looseObject({
  access_token: v.pipe(v.string(), v.minLength(1)),
  expires_in: v.pipe(v.number(), v.minValue(0)),
})

/** Renew this long before PayPal's `expires_in` runs out, so a token never expires mid-call. */
const EXPIRY_MARGIN_MS = 60_000

interface CachedToken {
  token: Promise<string>
  /** On the shop's clock; undefined while the token request is in flight. */
  expiresAt?: number
}

/**
 * Tokens by apiBase + clientId, for the life of the process: PayPal rate-limits the token endpoint and
 * a token lasts hours, while the adapter is built anew on every request.
 */
const tokens = new Map<string, CachedToken>()

export interface PaypalCall {
  method: 'GET' | 'POST'
  /** Path under apiBase, e.g. `/v2/checkout/orders`. */
  path: string
  body?: unknown
  /** PayPal-Request-Id: makes a POST idempotent (replays the first answer for 6 h). */
  requestId?: string
}

export interface PaypalClient {
  /** One API call with a bearer token; a 401 drops the cached token and retries once. */
  call(call: PaypalCall): Promise<unknown>
}

export function paypalClient(settings: PaypalSettings, now: () => Date): PaypalClient {
  const cacheKey = `${settings.apiBase}\n${settings.clientId}`

  function token(): Promise<string> {
    const cached = tokens.get(cacheKey)
    if (cached && (cached.expiresAt === undefined || cached.expiresAt > now().getTime())) return cached.token
    const entry: CachedToken = {
      token: requestToken(settings, now).then(({ token, expiresAt }) => {
        entry.expiresAt = expiresAt
        return token
      }),
    }
    // A failed token request is not cached: the next call asks again.
    entry.token.catch(() => {
      if (tokens.get(cacheKey) === entry) tokens.delete(cacheKey)
    })
    tokens.set(cacheKey, entry)
    return entry.token
  }

  async function send(call: PaypalCall, bearer: string): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${bearer}`, accept: 'application/json' }
    if (call.body !== undefined) headers['content-type'] = 'application/json'
    if (call.requestId) headers['PayPal-Request-Id'] = call.requestId
    return fetch(`${settings.apiBase}${call.path}`, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    })
  }

  return {
    async call(call) {
      const first = await token()
      let response = await send(call, first)
      if (response.status === 401) {
        // Revoked or expired early at PayPal's end: a fresh token, once.
        await response.arrayBuffer()
        const cached = tokens.get(cacheKey)
        if (cached && (await cached.token.catch(() => null)) === first) tokens.delete(cacheKey)
        response = await send(call, await token())
      }
      return readAnswer(response, `${call.method} ${call.path}`)
    },
  }
}

async function requestToken(
  settings: PaypalSettings,
  now: () => Date,
): Promise<{ token: string; expiresAt: number }> {
  const askedAt = now().getTime()
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`, 'utf8').toString('base64')
  const response = await fetch(`${settings.apiBase}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: 'grant_type=client_credentials',
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  const answer = v.safeParse(tokenSchema, await readAnswer(response, 'POST /v1/oauth2/token'))
  if (!answer.success) throw new Error('PayPal POST /v1/oauth2/token: unexpected answer')
  const lifetimeMs = answer.output.expires_in * 1000
  return {
    token: answer.output.access_token,
    expiresAt: askedAt + Math.max(lifetimeMs - EXPIRY_MARGIN_MS, lifetimeMs / 2),
  }
}

/** The parsed JSON of a 2xx answer (null when empty); a PaypalApiError otherwise. */
async function readAnswer(response: Response, what: string): Promise<unknown> {
  const text = await response.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    if (response.ok) throw new Error(`PayPal ${what}: answer is not JSON`)
  }
  if (response.ok) return body
  const error = v.safeParse(errorSchema, body)
  const detail = error.success ? error.output : {}
  const name = detail.name ?? detail.error ?? `HTTP_${response.status}`
  const issues = (detail.details ?? []).flatMap((item) => (item.issue ? [item.issue] : []))
  const message = detail.message ?? detail.error_description ?? ''
  throw new PaypalApiError(
    response.status,
    name,
    issues,
    `PayPal ${what}: ${response.status} ${name}${issues.length ? ` (${issues.join(', ')})` : ''}${
      detail.debug_id ? ` debug_id ${detail.debug_id}` : ''
    }${message ? `: ${message}` : ''}`,
  )
}

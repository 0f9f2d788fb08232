import type { FuzzRequest } from './fuzz-inputs.ts'
import type { Operation } from './fuzz-operations.ts'

/**
 * Sends one fuzzed request to the app in-process and judges the answer: never a 5xx; a 4xx is JSON in
 * the envelope `{ code ≥ 300, msg non-empty, data }`; a body over the call's limit is a 413.
 */

export type Role = 'visitor' | 'shopper' | 'operator'

/** What a request was, in a form fit for a report line (long text cut, control characters escaped). */
export interface SentRequest {
  method: string
  url: string
  contentType: string | undefined
  body: string
}

export interface Judged {
  status: number
  /** What is wrong with the answer, if anything. */
  problem: string | undefined
  answer: string
}

/** Control characters, bidi and zero-width marks, separators, the BOM, surrogate halves. */
const isInvisible = (code: number) =>
  code < 0x20 ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x200b && code <= 0x200f) ||
  (code >= 0x2028 && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069) ||
  code === 0xfeff ||
  (code >= 0xd800 && code <= 0xdfff)

/** `text` cut to `max` characters with its full length noted, control and invisible characters escaped. */
export function snippet(text: string, max = 100): string {
  const cut = text.length > max ? text.slice(0, max) : text
  let escaped = ''
  for (let i = 0; i < cut.length; i += 1) {
    const code = cut.charCodeAt(i)
    escaped += isInvisible(code) ? `\\u${code.toString(16).padStart(4, '0')}` : cut[i]
  }
  return text.length > max ? `${escaped}… (${text.length} chars)` : escaped
}

export function urlOf(op: Operation, request: FuzzRequest): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => request.segments[name] ?? '')
  return request.query ? `${path}?${request.query}` : path
}

export function describeRequest(op: Operation, request: FuzzRequest): SentRequest {
  const body = request.body
  let text = ''
  if (body) {
    const payload =
      typeof body.payload === 'string'
        ? snippet(body.payload)
        : body.payload instanceof Uint8Array
          ? `bytes ${Buffer.from(body.payload.slice(0, 40)).toString('hex')}`
          : `form fields ${[...body.payload.keys()].join(',')}`
    text = `${body.kind}: ${payload}`
  }
  return {
    method: op.method.toUpperCase(),
    url: snippet(urlOf(op, request), 200),
    contentType: body?.contentType,
    body: text,
  }
}

/** The Request init for a fuzzed request, from a client address of its own (no rate limit trips). */
export function requestInit(op: Operation, request: FuzzRequest, client: string): RequestInit {
  const headers: Record<string, string> = { ...request.headers, 'x-forwarded-for': client }
  const body = request.body
  let payload: BodyInit | undefined
  if (body) {
    if (body.contentType !== undefined) headers['content-type'] = body.contentType
    // a string body would get text/plain from Request itself: bytes go without a content type
    payload =
      typeof body.payload === 'string' && body.contentType === undefined
        ? new TextEncoder().encode(body.payload)
        : (body.payload as BodyInit)
  }
  return { method: op.method.toUpperCase(), headers, body: payload }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Reads the answer and says what is wrong with it, if anything. A 200 or 201 in the JSON envelope is checked
 * by `successProblem` (the call's published schema); `schemaChecked` says whether it was.
 */
export async function judge(
  response: Response,
  request: FuzzRequest,
  successProblem: (envelope: unknown, status: number) => string | undefined,
): Promise<Judged & { schemaChecked: boolean }> {
  const status = response.status
  const contentType = response.headers.get('content-type') ?? ''
  const text = await response.text()
  const answer = snippet(text, 200)
  const judged = (problem: string | undefined, schemaChecked = false) => ({
    status,
    problem,
    answer,
    schemaChecked,
  })
  if (status >= 500) return judged(`${status} answer`)
  if (request.oversize && status !== 413) return judged(`over-size body answered ${status}, not 413`)
  if ((status === 200 || status === 201) && contentType.includes('application/json')) {
    let envelope: unknown
    try {
      envelope = JSON.parse(text)
    } catch {
      return judged('200 answer is not valid JSON')
    }
    return judged(successProblem(envelope, status), true)
  }
  if (status < 400) return judged(undefined)
  if (!contentType.includes('application/json')) {
    return judged(`${status} answer is ${contentType || 'untyped'}, not JSON`)
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return judged(`${status} answer is not valid JSON`)
  }
  if (!isObject(body) || !('code' in body) || !('msg' in body) || !('data' in body)) {
    return judged(`${status} answer is not the {code,msg,data} envelope`)
  }
  if (typeof body.code !== 'number' || body.code < 300) {
    return judged(`${status} answer has code ${JSON.stringify(body.code)}`)
  }
  if (typeof body.msg !== 'string' || body.msg.trim() === '') {
    return judged(`${status} answer has an empty msg`)
  }
  return judged(undefined)
}

/** One defect: the first request that showed it, and how many more did. */
export interface Failure {
  operation: string
  role: Role
  problem: string
  status: number
  sent: SentRequest
  answer: string
  /** The server's error log lines written while the request ran (message and first stack frame). */
  serverLog: string[]
  count: number
}

/** Failures, one per operation, role and problem, counted. */
export class FailureList {
  readonly #byKey = new Map<string, Failure>()

  add(failure: Omit<Failure, 'count'>): void {
    const key = `${failure.operation}|${failure.role}|${failure.problem}`
    const known = this.#byKey.get(key)
    if (known) known.count += 1
    else this.#byKey.set(key, { ...failure, count: 1 })
  }

  get size(): number {
    return this.#byKey.size
  }

  /** One line each, for the assertion's message: grouped by the server's error, then by operation. */
  lines(prefix: string): string[] {
    const failures = [...this.#byKey.values()].sort(
      (a, b) =>
        causeOf(a).localeCompare(causeOf(b)) ||
        a.operation.localeCompare(b.operation) ||
        a.role.localeCompare(b.role),
    )
    return failures.map((f) => {
      const body = f.sent.body ? ` body ${f.sent.body}` : ''
      const type = f.sent.contentType ? ` (${f.sent.contentType})` : ''
      const log = f.serverLog.length > 0 ? `\n      server: ${f.serverLog.join(' | ')}` : ''
      const times = f.count > 1 ? ` [×${f.count}]` : ''
      return `${prefix} ${f.operation} as ${f.role}: ${f.problem}${times}\n      sent ${f.sent.method} ${f.sent.url}${type}${body}\n      answered ${f.status} ${f.answer}${log}`
    })
  }

  /** Every failure, after a count of the operation and role pairs each cause was seen on. */
  report(prefix: string): string {
    const byCause = new Map<string, number>()
    for (const failure of this.#byKey.values()) {
      const cause = causeOf(failure)
      byCause.set(cause, (byCause.get(cause) ?? 0) + 1)
    }
    const causes = [...byCause.entries()].map(([cause, n]) => `${prefix} ${n} × ${cause}`)
    return [...causes, '', ...this.lines(prefix)].join('\n')
  }
}

/** What a failure is about, without its path: the server's error if it logged one, else the problem. */
function causeOf(failure: Failure): string {
  const logged = failure.serverLog[0]
  if (!logged) return failure.problem
  // "[error] POST /api/ops/x/1: RangeError: …" → "RangeError: …"
  return logged.replace(/^\[error\] \S+ \S+: /, '').slice(0, 300)
}

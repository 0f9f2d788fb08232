import type { TestApp } from '../server/support/test-app.ts'
import type { Operation } from './ownership-matrix.ts'

/* Building and sending one call of the matrix. */

export interface CallArgs {
  path: Record<string, string>
  query: Record<string, string>
  /** The JSON body; undefined sends none. */
  body: Record<string, unknown> | undefined
}

export interface Answer {
  status: number
  /** The envelope's code, when the answer is JSON. */
  code: number | undefined
  text: string
}

/** Values of the arguments that name no resource, so a call passes validation and reaches its checks. */
const PATH_FILLERS: Record<string, string> = {
  type: '1', // pay routes: 1 card
  num: '1', // cart amount
  score: '0', // points to use
}
const REQUIRED_QUERY_FILLERS: Record<string, string> = {
  collect: 'false',
  zip: '10001',
  wechat: 'ownership-matrix',
}
/** Optional query values the matrix sets: the export as CSV, so its text can be read for A's data. */
const OPTIONAL_QUERY_FILLERS: Record<string, string> = { format: 'csv', score: '0' }

const ADDRESS_FIELDS = {
  firstName: 'Bo',
  lastName: 'Caller',
  telephone: '+852 5555 0202',
  postCode: '999077',
  country: '中国香港',
  city: '香港',
  address: '1 Caller Street',
}

/** Bodies' fields that name no resource, by call. */
const BODY_FILLERS: Record<string, Record<string, unknown>> = {
  'POST /api/mall/address/save': ADDRESS_FIELDS,
  'PUT /api/mall/address/update': ADDRESS_FIELDS,
  'POST /api/mall/cart/addToCart': { productAmount: 1, productType: 1 },
  'POST /api/mall/push/subscribe': { keys: { p256dh: 'C'.repeat(87), auth: 'D'.repeat(22) } },
  'PUT /api/mall/user/updateBaseInfo': { nickname: 'caller' },
  'PUT /api/mall/user/changePwd': {},
}

/**
 * The call's non-id arguments filled in; `problems` names any required one the matrix cannot fill
 * (the test fails on it: the route needs a filler before its cell means anything).
 */
export function fillers(op: Operation, isId: (name: string) => boolean) {
  const problems: string[] = []
  const args: CallArgs = { path: {}, query: {}, body: undefined }
  for (const name of op.pathParams) {
    if (isId(name)) continue
    const value = PATH_FILLERS[name]
    if (value === undefined) problems.push(`path parameter ${name}`)
    else args.path[name] = value
  }
  for (const { name, required } of op.query) {
    if (isId(name)) continue
    const value = required ? REQUIRED_QUERY_FILLERS[name] : OPTIONAL_QUERY_FILLERS[name]
    if (value !== undefined) args.query[name] = value
    else if (required) problems.push(`query parameter ${name}`)
  }
  if (op.body) {
    const key = `${op.method.toUpperCase()} ${op.path}`
    const filled = { ...BODY_FILLERS[key] }
    for (const name of op.body.required) {
      if (!isId(name) && !(name in filled)) problems.push(`body field ${name}`)
    }
    args.body = filled
  }
  return { args, problems }
}

export function urlOf(op: Operation, args: CallArgs): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(args.path[name] ?? '1'))
  const query = new URLSearchParams(args.query).toString()
  return query ? `${path}?${query}` : path
}

export async function send(
  t: TestApp,
  op: Operation,
  args: CallArgs,
  token: string | undefined,
): Promise<Answer> {
  const method = op.method.toUpperCase()
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': 'ownership',
  }
  if (token) headers.token = token
  const response = await t.app.request(urlOf(op, args), {
    method,
    headers,
    ...(method === 'GET' ? {} : { body: JSON.stringify(args.body ?? {}) }),
  })
  const text = await response.text()
  let code: number | undefined
  try {
    code = (JSON.parse(text) as { code?: number }).code
  } catch {
    code = undefined
  }
  return { status: response.status, code, text }
}

export const snippet = (text: string) => text.replace(/\s+/g, ' ').slice(0, 240)

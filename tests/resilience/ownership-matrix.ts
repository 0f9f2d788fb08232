import type { RouteContract } from '../../server/routes/contract.ts'

/*
 * The ownership matrix's routes, generated from the published OpenAPI document (GET /api/openapi.json):
 * each operation's `x-access`, path parameters, query parameters and request-body fields. The document
 * does not publish an operator call's console permission, so `permission` comes from the route
 * contracts (`allContracts`), matched on method and path.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'delete'
export type Access = 'public' | 'customer' | 'operator'

/** Where an argument of a call goes. */
export type ArgPlace = 'path' | 'query' | 'body'

export interface Operation {
  method: HttpMethod
  /** The published path, `/api/mall/order/{id}`. */
  path: string
  access: Access
  /** The console permission (from the contract; the document does not publish it). */
  permission: string | undefined
  pathParams: string[]
  query: { name: string; required: boolean }[]
  body: { fields: string[]; required: string[] } | undefined
}

interface OpenApiParameter {
  name: string
  in: string
  required?: boolean
}

interface OpenApiOperation {
  'x-access': Access
  parameters?: OpenApiParameter[]
  requestBody?: {
    content?: {
      'application/json'?: { schema?: { required?: string[]; properties?: Record<string, unknown> } }
    }
  }
}

export interface OpenApiDocument {
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>
}

const publishedPath = (contract: RouteContract) =>
  `/api${contract.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`

/** Every operation of the document, with the contracts' permissions. */
export function operationsOf(doc: OpenApiDocument, contracts: readonly RouteContract[]): Operation[] {
  const permissions = new Map(
    contracts.map((contract) => [`${contract.method} ${publishedPath(contract)}`, contract.permission]),
  )
  const operations: Operation[] = []
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod) as [HttpMethod, OpenApiOperation][]) {
      const parameters = op.parameters ?? []
      const schema = op.requestBody?.content?.['application/json']?.schema
      operations.push({
        method,
        path,
        access: op['x-access'],
        permission: permissions.get(`${method} ${path}`),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true })),
        body: schema
          ? { fields: Object.keys(schema.properties ?? {}), required: schema.required ?? [] }
          : undefined,
      })
    }
  }
  return operations
}

export const callName = (op: Pick<Operation, 'method' | 'path'>) => `${op.method.toUpperCase()} ${op.path}`

/*
 * Which arguments name a resource: `id`, `ids`, anything ending in Id / Ids, and a push subscription's
 * `endpoint` (the browser's subscription is known by it).
 */
export const isIdArgument = (name: string) => /^(id|ids)$|Ids?$/.test(name) || name === 'endpoint'

/** What a shopper owns (owned kinds) or what every shopper shares (shared kinds). */
export type OwnedKind =
  | 'order'
  | 'address'
  | 'cartLine'
  | 'payment'
  | 'package'
  | 'packageApply'
  | 'extraFee'
  | 'pushSubscription'
export type SharedKind = 'product' | 'shippingMethod'
export type Kind = OwnedKind | SharedKind

export const SHARED_KINDS: readonly SharedKind[] = ['product', 'shippingMethod']
export const isShared = (kind: Kind): kind is SharedKind => (SHARED_KINDS as readonly string[]).includes(kind)

export interface IdArgument {
  name: string
  place: ArgPlace
  /** The argument holds several ids: an array in a body, a comma-separated list in a path. */
  plural: boolean
  kind: Kind | undefined
}

/**
 * The resource kind an id argument names, from its name and the route's place in the API; undefined
 * when no rule knows it (the test then fails, naming the route, so a new route cannot slip out).
 */
export function kindOf(op: Operation, name: string): Kind | undefined {
  const path = op.path
  switch (name) {
    case 'cartIds':
    case 'cartLineIds':
      return 'cartLine'
    case 'orderId':
    case 'orderIds':
    case 'parentId':
      return 'order'
    case 'addressId':
      return 'address'
    case 'productId':
      return 'product'
    case 'packageId':
    case 'boxId':
      return 'package'
    case 'applyId':
      return 'packageApply'
    case 'paymentId':
      return 'payment'
    case 'shippingMethodId':
      return 'shippingMethod'
    case 'ids':
      return /\/(extra_pay|extraPay)\b/.test(path) ? 'extraFee' : undefined
    case 'endpoint':
      return path.startsWith('/api/mall/push/') ? 'pushSubscription' : undefined
    case 'id':
      if (path.startsWith('/api/mall/cart/')) return 'cartLine'
      if (path.startsWith('/api/mall/address/')) return 'address'
      if (path.startsWith('/api/mall/product/')) return 'product'
      if (/^\/api\/mall\/(order|sb_pay|paypal)\//.test(path) && /\/(orderPay|order)\//.test(path))
        return 'order'
      return undefined
    default:
      return undefined
  }
}

/** The id arguments of an operation, each with the kind it names (undefined: unknown). */
export function idArgumentsOf(op: Operation): IdArgument[] {
  const args: IdArgument[] = []
  for (const name of op.pathParams) {
    if (isIdArgument(name)) args.push({ name, place: 'path', plural: name === 'ids', kind: kindOf(op, name) })
  }
  for (const { name } of op.query) {
    if (isIdArgument(name)) args.push({ name, place: 'query', plural: false, kind: kindOf(op, name) })
  }
  for (const name of op.body?.fields ?? []) {
    if (isIdArgument(name))
      args.push({ name, place: 'body', plural: /Ids$|^ids$/.test(name), kind: kindOf(op, name) })
  }
  return args
}

/**
 * What B's call with A's id must answer. `notFound`: 404 in the envelope. `refused`: another status
 * the route's contract documents for that argument (still nothing changed, nothing of A shown).
 * `scoped`: the argument filters or names something of the caller's own (a list's filter, a product
 * the caller favourites), so the call succeeds on B's own rows and nothing of A's changes or shows.
 */
export type Expectation =
  | { kind: 'notFound' }
  | { kind: 'refused'; status: number; why: string }
  | { kind: 'scoped'; why: string }
  | { kind: 'exempt'; why: string }

/**
 * The contracts' documented exceptions to "404 for another shopper's id", keyed by call and argument,
 * each with the words of the contract that allow it.
 */
const DOCUMENTED: Record<string, Expectation> = {
  'POST /api/mall/order/orderPay/{type}/{id} addressId': {
    kind: 'refused',
    status: 400,
    why: 'contract: ?addressId= left out or not the caller’s: 400 "please select a delivery address"',
  },
  'POST /api/mall/sb_pay/orderPay/{type}/{id} addressId': {
    kind: 'refused',
    status: 400,
    why: 'contract: ?addressId= left out or not the caller’s: 400 "please select a delivery address"',
  },
  'POST /api/mall/paypal/orderPay/{id} addressId': {
    kind: 'refused',
    status: 400,
    why: 'contract: ?addressId= left out or not the caller’s: 400 "please select a delivery address"',
  },
  'POST /api/mall/package_apply/apply addressId': {
    kind: 'refused',
    status: 409,
    why: 'contract: an address that is not the caller’s, 409 "please add a delivery address" (noAddress)',
  },
  'POST /api/mall/address/save id': {
    kind: 'scoped',
    why: 'contract: adds an address (an id sent is ignored)',
  },
  'DELETE /api/mall/push/subscribe endpoint': {
    kind: 'scoped',
    why: 'contract: an endpoint the caller has not subscribed is left alone and answered the same',
  },
  'POST /api/mall/push/subscribe endpoint': {
    kind: 'exempt',
    why: 'contract: a browser subscribed by another account moves to the caller (the endpoint is the browser’s own secret)',
  },
}

/** The expectation of one cell: documented exceptions, filters of lists, the caller's own product rows. */
export function expectationOf(op: Operation, arg: IdArgument): Expectation {
  const documented = DOCUMENTED[`${callName(op)} ${arg.name}`]
  if (documented) return documented
  if (arg.kind === 'product')
    return { kind: 'scoped', why: 'a product is the shop’s: the call acts on the caller’s own rows of it' }
  // A list's filter: B's list filtered by A's id is empty (an export's is a 404, its contract says).
  if (op.method === 'get' && arg.place === 'query' && /\/(list|operatorList)$/.test(op.path))
    return { kind: 'scoped', why: 'a filter of the caller’s own list' }
  return { kind: 'notFound' }
}

/** An id of the kind that no one holds: A's id must be answered as this one is (no existence oracle). */
export function ghostOf(kind: OwnedKind): number | string {
  if (kind === 'payment') return `pay_${'Z'.repeat(24)}`
  if (kind === 'pushSubscription') return 'https://fcm.googleapis.com/fcm/send/ghost-endpoint'
  return 999_999_937
}

/**
 * The operations the fuzzer sends to, read from the app's own `/api/openapi.json` (built from the route
 * contracts by server/routes/openapi.ts): a call that is published is a call that is fuzzed.
 */

export type Access = 'public' | 'customer' | 'operator'
export type Method = 'get' | 'post' | 'put' | 'delete'

export interface PathParameter {
  name: string
  /** `integer` for numeric ids; `string` for payment ids, outcomes, gateways, id lists, points. */
  type: 'integer' | 'string'
}

export interface Operation {
  method: Method
  /** The published path, `/api/mall/product/details/{id}`. */
  path: string
  access: Access
  pathParameters: PathParameter[]
  /** Query parameter names, with whether leaving one out fails validation. */
  query: { name: string; required: boolean }[]
  /** The JSON body's top-level fields, when the call takes one. */
  body?: { fields: string[]; required: string[] }
  /** The call takes an `Idempotency-Key` header. */
  idempotent: boolean
  summary: string
}

interface OpenApiParameter {
  name: string
  in: 'path' | 'query' | 'header'
  required?: boolean
  schema?: { type?: string }
}

interface OpenApiOperation {
  summary?: string
  'x-access'?: Access
  parameters?: OpenApiParameter[]
  requestBody?: {
    content?: Record<string, { schema?: { required?: string[]; properties?: Record<string, unknown> } }>
  }
}

export interface OpenApiDocument {
  paths: Record<string, Partial<Record<Method, OpenApiOperation>>>
}

const METHODS: readonly Method[] = ['get', 'post', 'put', 'delete']

/** Every operation of the document, in its order. Throws on a shape the fuzzer would misread. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const access = op['x-access']
      if (access !== 'public' && access !== 'customer' && access !== 'operator') {
        throw new Error(`${method} ${path}: x-access is ${String(access)}`)
      }
      const parameters = op.parameters ?? []
      const pathParameters = parameters
        .filter((p) => p.in === 'path')
        .map((p) => ({ name: p.name, type: p.schema?.type === 'integer' ? 'integer' : 'string' }) as const)
      const named = new Set(pathParameters.map((p) => p.name))
      for (const [, name = ''] of path.matchAll(/\{(\w+)\}/g)) {
        if (!named.has(name)) throw new Error(`${method} ${path}: {${name}} is not a parameter`)
      }
      const json = op.requestBody?.content?.['application/json']?.schema
      operations.push({
        method,
        path,
        access,
        pathParameters,
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true })),
        body: json
          ? { fields: Object.keys(json.properties ?? {}), required: json.required ?? [] }
          : undefined,
        idempotent: parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
        summary: op.summary ?? '',
      })
    }
  }
  return operations
}

export const operationName = (op: Pick<Operation, 'method' | 'path'>) =>
  `${op.method.toUpperCase()} ${op.path}`

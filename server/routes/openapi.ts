import { toJsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema'
import { Hono } from 'hono'
import * as v from 'valibot'
import { IDEMPOTENCY_KEY_HEADER } from '../../src/domain/cart.ts'
import { type AnswerSchema, isNotJson, type NotJsonAnswer, namedAnswers } from '../answers/shape.ts'
import type { AppEnv } from '../app-env.ts'
import { ok } from '../http/envelope.ts'
import { addressContracts } from './address/address.routes.ts'
import { alertContracts } from './alerts/alerts.routes.ts'
import { auditContracts } from './audit/audit.routes.ts'
import { cartContracts } from './cart/cart.routes.ts'
import { catalogContracts } from './catalog/catalog.routes.ts'
import { catalogOpsContracts } from './catalog-ops/catalog-ops.routes.ts'
import { checkoutContracts } from './checkout/checkout.routes.ts'
import { contentContracts } from './content/content.routes.ts'
import { contentOpsContracts } from './content-ops/content-ops.routes.ts'
import type { RouteContract } from './contract.ts'
import { customerContracts } from './customers/customers.routes.ts'
import { extrasContracts } from './extras/extras.routes.ts'
import { favouriteContracts } from './favourites/favourites.routes.ts'
import { healthContracts } from './health/health.routes.ts'
import { historyContracts } from './history/history.routes.ts'
import { jobsContracts } from './jobs/jobs.routes.ts'
import { mediaContracts } from './media/media.routes.ts'
import { membershipContracts } from './membership/membership.routes.ts'
import { opsContracts } from './ops/ops.routes.ts'
import { orderContracts } from './orders/orders.routes.ts'
import { packagePhotoContracts } from './package-photos/package-photos.routes.ts'
import { packageContracts } from './packages/packages.routes.ts'
import { packagingContracts } from './packaging/packaging.routes.ts'
import { paymentContracts } from './payments/payments.routes.ts'
import { pointsContracts } from './points/points.routes.ts'
import { productFileContracts } from './product-files/product-files.routes.ts'
import { profileContracts } from './profile/profile.routes.ts'
import { pushContracts } from './push/push.routes.ts'
import { ratesContracts } from './rates/rates.routes.ts'
import { calendarContracts } from './release-calendar/release-calendar.routes.ts'
import { settingsOpsContracts } from './settings-ops/settings-ops.routes.ts'
import { shippingContracts } from './shipping/shipping.routes.ts'
import { staffContracts } from './staff/staff.routes.ts'
import { userContracts } from './user/user.routes.ts'

/** Every published call. A route that is mounted but missing here fails the OpenAPI test. */
export const allContracts: readonly RouteContract[] = [
  ...healthContracts,
  ...catalogContracts,
  ...contentContracts,
  ...historyContracts,
  ...favouriteContracts,
  ...alertContracts,
  ...calendarContracts,
  ...ratesContracts,
  ...cartContracts,
  ...addressContracts,
  ...userContracts,
  ...membershipContracts,
  ...profileContracts,
  ...checkoutContracts,
  ...orderContracts,
  ...paymentContracts,
  ...packageContracts,
  ...packagePhotoContracts,
  ...packagingContracts,
  ...shippingContracts,
  ...extrasContracts,
  ...pointsContracts,
  ...pushContracts,
  ...productFileContracts,
  ...opsContracts,
  ...catalogOpsContracts,
  ...mediaContracts,
  ...staffContracts,
  ...contentOpsContracts,
  ...customerContracts,
  ...settingsOpsContracts,
  ...auditContracts,
  ...jobsContracts,
]

/** JSON Schema (2020-12, OpenAPI 3.1's) of what a client sends, from the schema the handler validates with. */
function wireSchemaOf(schema: v.GenericSchema): Record<string, unknown> {
  // input types: a query's number is sent as text and a transform's result is not what goes on the wire
  const { $schema: _draft, ...json } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
  }) as Record<string, unknown>
  return json
}

/** JSON Schema of what the server answers: the output of the schema, named parts as component `$ref`s. */
function answerSchemaOf(schema: AnswerSchema): Record<string, unknown> {
  const {
    $schema: _draft,
    $defs: _defs,
    ...json
  } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'output',
    errorMode: 'ignore',
    definitions: namedAnswers,
  }) as Record<string, unknown>
  return toComponentRefs(json) as Record<string, unknown>
}

/** The named answers as the document's components. */
function namedAnswerComponents(): Record<string, unknown> {
  const defs = toJsonSchemaDefs(namedAnswers, {
    target: 'draft-2020-12',
    typeMode: 'output',
    errorMode: 'ignore',
  })
  return toComponentRefs(defs) as Record<string, unknown>
}

/** valibot writes `#/$defs/Name`; OpenAPI keeps shared schemas in `#/components/schemas/Name`. */
function toComponentRefs(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(toComponentRefs)
  if (json === null || typeof json !== 'object') return json
  return Object.fromEntries(
    Object.entries(json).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/$defs/', '#/components/schemas/')
        : toComponentRefs(value),
    ]),
  )
}

/** The 200, 201 or 303 answer of a call. */
function successOf({ returns, created }: RouteContract) {
  if (isNotJson(returns)) return { [returns.status]: notJsonAnswer(returns) }
  return {
    [created ? 201 : 200]: {
      description: `Envelope with code 200 and msg "success"${created ? ' (HTTP 201: made something new)' : ''}`,
      content: { 'application/json': { schema: envelopeWith(answerSchemaOf(returns)) } },
    },
  }
}

function notJsonAnswer(answer: NotJsonAnswer) {
  return {
    description: answer.description,
    ...(answer.contentType ? { content: { [answer.contentType]: { schema: { type: 'string' } } } } : {}),
  }
}

/** A query parameter is sent as text whatever its schema reads it as. */
function queryParameterSchema(schema: v.GenericSchema): Record<string, unknown> {
  const json = wireSchemaOf(schema)
  return json.type === undefined || json.type === 'string' ? { type: 'string', ...json } : { type: 'string' }
}

/** A parameter is optional when leaving it out passes validation. */
const isOptional = (schema: v.GenericSchema) => v.safeParse(schema, undefined).success

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

/** The envelope with `data` as `data` says. */
const envelopeWith = (data: Record<string, unknown>) => ({
  allOf: [ref('Envelope'), { type: 'object', required: ['data'], properties: { data } }],
})

const components = {
  securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
  schemas: {
    Envelope: {
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: {
        code: {
          type: 'integer',
          description: '200 success; ≥ 300 failure (400, 401, 403, 404, 409, 413, 429, 500, 9004, 9005)',
        },
        msg: { type: 'string', description: "'success', or what went wrong (a refusal names its field)" },
        data: {},
      },
    },
    FieldIssue: {
      type: 'object',
      required: ['field', 'message'],
      properties: { field: { type: 'string' }, message: { type: 'string' } },
    },
    Refusal: {
      description: 'A 400 or 413: msg is "field: message" for the first bad field; data lists them all',
      ...envelopeWith({
        type: 'object',
        required: ['fields'],
        properties: { fields: { type: 'array', items: ref('FieldIssue') }, maxBytes: { type: 'integer' } },
      }),
    },
    Failure: {
      description: 'Any other failure: msg says what went wrong; data is null',
      ...envelopeWith({ type: 'null' }),
    },
    TooMany: {
      description: 'A 429: try again after retryAfterSeconds',
      ...envelopeWith({
        type: 'object',
        required: ['retryAfterSeconds'],
        properties: { retryAfterSeconds: { type: 'integer', minimum: 1 } },
      }),
    },
  },
}

const answer = (description: string, schema: string) => ({
  description,
  content: { 'application/json': { schema: ref(schema) } },
})

/** The failures a call can answer with, by what it takes and who may call it. */
function failuresOf(contract: RouteContract, hasPathParameters: boolean) {
  const sendsBody = contract.method === 'post' || contract.method === 'put' || contract.method === 'delete'
  return {
    '400': answer('Invalid input; msg names the field', 'Refusal'),
    ...(contract.access === 'public'
      ? {}
      : {
          '401': answer('No valid session (code 401), or the session ended (code 9004)', 'Failure'),
          '403': answer(
            contract.access === 'operator'
              ? 'Not an operator, or without this room’s permission (403); a disabled account (9005)'
              : 'A disabled account (code 9005), or an operator on a shopper’s call',
            'Failure',
          ),
        }),
    ...(hasPathParameters ? { '404': answer('Nothing of the caller’s has this id', 'Failure') } : {}),
    ...(contract.idempotent
      ? { '409': answer('The state does not allow it now, or a key reused', 'Failure') }
      : {}),
    ...(sendsBody
      ? { '413': answer('The body is over the call’s limit; the connection closes', 'Refusal') }
      : {}),
    ...(contract.rateLimited ? { '429': answer('Too many tries; wait retryAfterSeconds', 'TooMany') } : {}),
    '500': answer('A fault on the shop’s side', 'Failure'),
  }
}

function requestBodyOf(schema: v.GenericSchema) {
  return { required: true, content: { 'application/json': { schema: wireSchemaOf(schema) } } }
}

/**
 * Path parameters that are not numeric ids: a payment's random id, a sandbox outcome, a gateway's name,
 * a comma-separated list of extra-fee ids, points to use (0 allowed).
 */
const TEXT_PATH_PARAMETERS = new Set(['paymentId', 'outcome', 'gateway', 'ids', 'score'])

/** Built on the first request for it: every part is fixed when the modules load. */
let openApiDocument: ReturnType<typeof buildOpenApi> | undefined

export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const contract of allContracts) {
    // Hono's `:id{[0-9]+}` constraint is not part of the published path.
    const path = `/api${contract.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`
    const pathParameters = [...contract.path.matchAll(/:(\w+)/g)].map(([, name = '']) => ({
      name,
      in: 'path',
      required: true,
      schema: TEXT_PATH_PARAMETERS.has(name) ? { type: 'string' } : { type: 'integer', minimum: 1 },
    }))
    const queryParameters = Object.entries(contract.query?.entries ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: !isOptional(schema),
      schema: queryParameterSchema(schema),
    }))
    const headerParameters = contract.idempotent
      ? [
          {
            name: IDEMPOTENCY_KEY_HEADER,
            in: 'header',
            required: false,
            description: '1–100 of A–Z a–z 0–9 - _ : . ; a repeat within 24 h answers as the first time',
            schema: { type: 'string', maxLength: 100 },
          },
        ]
      : []
    const parameters = [...pathParameters, ...queryParameters, ...headerParameters]
    paths[path] = {
      ...paths[path],
      [contract.method]: {
        summary: contract.summary,
        tags: [contract.tag],
        'x-access': contract.access,
        ...(contract.access === 'public' ? {} : { security: [{ token: [] }] }),
        parameters,
        ...(contract.body ? { requestBody: requestBodyOf(contract.body) } : {}),
        responses: {
          ...successOf(contract),
          ...failuresOf(contract, pathParameters.length > 0),
        },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Yoyaku API', version: '0.1.0' },
    components: { ...components, schemas: { ...components.schemas, ...namedAnswerComponents() } },
    paths,
  }
}

export const openApiRoutes = new Hono<AppEnv>().get('/openapi.json', (c) => {
  openApiDocument ??= buildOpenApi()
  return ok(c, openApiDocument)
})

import { Hono } from 'hono'
import * as v from 'valibot'
import { IDEMPOTENCY_KEY_HEADER } from '../../src/domain/cart.ts'
import type { AppEnv } from '../app-env.ts'
import { ok } from '../http/envelope.ts'
import { addressContracts } from './address/address.routes.ts'
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
import { packageContracts } from './packages/packages.routes.ts'
import { packagingContracts } from './packaging/packaging.routes.ts'
import { paymentContracts } from './payments/payments.routes.ts'
import { pointsContracts } from './points/points.routes.ts'
import { productFileContracts } from './product-files/product-files.routes.ts'
import { profileContracts } from './profile/profile.routes.ts'
import { pushContracts } from './push/push.routes.ts'
import { ratesContracts } from './rates/rates.routes.ts'
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

const envelope = (data: string) => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: {
      type: 'integer',
      description: '200 success; ≥ 300 failure (400, 401, 403, 404, 409, 429, 500, 9004, 9005)',
    },
    msg: { type: 'string' },
    data: { description: data },
  },
})

/** A parameter is optional when leaving it out passes validation. */
const isOptional = (schema: v.GenericSchema) => v.safeParse(schema, undefined).success

/** The body's top-level fields, found through a pipe or wrapper to the object schema. */
function objectEntriesOf(schema: v.GenericSchema): v.ObjectEntries | undefined {
  const node = schema as v.GenericSchema & { entries?: v.ObjectEntries; pipe?: v.GenericSchema[] }
  if (node.entries) return node.entries
  return node.pipe?.[0] ? objectEntriesOf(node.pipe[0]) : undefined
}

function requestBodyOf(schema: v.GenericSchema) {
  const entries = objectEntriesOf(schema) ?? {}
  const required = Object.entries(entries)
    .filter(([, field]) => !isOptional(field))
    .map(([name]) => name)
  const properties = Object.fromEntries(Object.keys(entries).map((name) => [name, {}]))
  return {
    required: true,
    content: { 'application/json': { schema: { type: 'object', required, properties } } },
  }
}

/**
 * Path parameters that are not numeric ids: a payment's random id, a sandbox outcome, a gateway's name,
 * a comma-separated list of extra-fee ids, points to use (0 allowed).
 */
const TEXT_PATH_PARAMETERS = new Set(['paymentId', 'outcome', 'gateway', 'ids', 'score'])

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
      schema: { type: 'string' },
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
          '200': {
            description: `Envelope; data is ${contract.returns}`,
            content: { 'application/json': { schema: envelope(contract.returns) } },
          },
          '400': { description: 'Invalid input; msg names the field' },
        },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Yoyaku API', version: '0.1.0' },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    paths,
  }
}

export const openApiRoutes = new Hono<AppEnv>().get('/openapi.json', (c) => ok(c, buildOpenApi()))

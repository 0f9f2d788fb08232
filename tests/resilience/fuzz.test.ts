import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configureLogging } from '../../server/observability/log.ts'
import { sandboxDeliveriesSettled } from '../../server/services/payments/sandbox.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import {
  insertBrands,
  insertCategoryTree,
  insertProducts,
  insertSeries,
  productRow,
  signedInAccount,
} from '../server/support/catalog-fixture.ts'
import { insertAddress, insertArrivedOrder, insertWaitPayOrder } from '../server/support/order-fixture.ts'
import { createTestApp, type TestApp } from '../server/support/test-app.ts'
import { engines } from '../server/support/test-database.ts'
import { PublishedAnswers } from '../support/openapi-answers.ts'
import { type FuzzRequest, fixedCasesFor, requestsFor } from './fuzz-inputs.ts'
import { type OpenApiDocument, type Operation, operationName, operationsOf } from './fuzz-operations.ts'
import { describeRequest, FailureList, judge, type Role, requestInit, urlOf } from './fuzz-oracle.ts'
import type { SeedPools } from './fuzz-values.ts'
import { checkInvariants } from './invariants.ts'
import { scaled } from './scale.ts'

/**
 * Every operation of /api/openapi.json, as a visitor, a shopper and an operator, with generated
 * hostile input (tests/resilience/fuzz-inputs.ts): no answer is a 5xx, every 4xx is JSON in the
 * envelope with a message, a body over the limit is a 413, and the shop's invariants hold after.
 * Every defect of a run is collected and reported together, with the request that showed it and the
 * server's error log line.
 */

/** Generated cases per operation and role (each also gets fixedCasesFor's few). */
const CASES = scaled(2, 40)
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31)

/**
 * Operations not fuzzed, with the reason. None so far: no published call streams or waits on a
 * client. A listed operation that the document no longer has fails the run.
 */
const NOT_FUZZED: Record<string, string> = {}

/**
 * Run last, after every other operation: they end or change the callers' own sessions (log out, a new
 * password or e-mail address), which would leave the rest of the run answering 401.
 */
const LAST = [
  'PUT /api/mall/user/changePwd',
  'PUT /api/mall/user/replaceEmail',
  'PUT /api/mall/user/reset',
  'POST /api/mall/user/exit',
]

/** Calls on accounts by id: they get the victims' ids, never the fuzzing callers' own. */
const ACCOUNT_PATHS = /^\/api\/ops\/(staff|customers)\//

const ROLES: Role[] = ['visitor', 'shopper', 'operator']

/** The caller each kind of operation is for: it also gets the one-slot-at-a-time cases. */
const OWN_ROLE: Record<Operation['access'], Role> = {
  public: 'visitor',
  customer: 'shopper',
  operator: 'operator',
}

function inRunOrder(operations: Operation[]): Operation[] {
  const rank = (op: Operation) => LAST.indexOf(operationName(op))
  return [...operations].sort((a, b) => rank(a) - rank(b))
}

interface Tally {
  sent: number
  s2xx: number
  s3xx: number
  s4xx: number
  s5xx: number
  /** 200 and 201 JSON answers checked against the call's published schema. */
  schemaChecked: number
}

describe.each(engines)('fuzzing every published call on %s', (engine) => {
  let t: TestApp
  let pools: SeedPools
  const tokens: Partial<Record<Role, string>> = {}
  let setupSeconds = ''

  beforeAll(async () => {
    const started = performance.now()
    t = await createTestApp(engine, { listen: true })
    // The accounts calls by id may act on (disable, change role or permissions): not the callers.
    const victim = await signedInAccount(t, 'fuzz-victim@example.com')
    const victimOperator = await signedInAccount(t, 'fuzz-victim-operator@example.com', { kind: 'operator' })
    const shopper = await signedInAccount(t, 'fuzz-shopper@example.com')
    const operator = await signedInAccount(t, 'fuzz-operator@example.com', { kind: 'operator' })
    tokens.shopper = shopper.token
    tokens.operator = operator.token
    const { figures, plush, children } = await insertCategoryTree(t.db)
    const [brand] = await insertBrands(t.db, [{}])
    const [oneSeries] = await insertSeries(t.db, [{}])
    const products = await insertProducts(t.db, [
      productRow({ type: 1, categoryId: children[0]?.id, brandId: brand?.id, seriesId: oneSeries?.id }),
      productRow({ type: 2, stock: 5 }),
    ])
    const added = await t.sendJson<Envelope<unknown>>(
      'POST',
      '/api/mall/cart/addToCart',
      { productId: products[0]?.id, productAmount: 1, productType: 1 },
      { token: shopper.token },
    )
    if (added.body.code !== 200) throw new Error(`seeding the cart: ${added.body.msg}`)
    const { addressId } = await insertAddress(t.db, shopper.userId)
    const waiting = await insertWaitPayOrder(t.db, { userId: shopper.userId })
    const arrived = await insertArrivedOrder(t.db, { userId: shopper.userId, arrivedAt: '2026-11-01' })
    const othersOrder = await insertWaitPayOrder(t.db, { userId: victim.userId })
    const ids = [
      figures.id,
      plush.id,
      ...children.map((c) => c.id),
      brand?.id,
      oneSeries?.id,
      ...products.map((p) => p.id),
      addressId,
      waiting.orderId,
      arrived.orderId,
      arrived.productId,
      othersOrder.orderId,
      victim.userId,
    ].filter((id): id is number => typeof id === 'number')
    pools = {
      ids: [...new Set(ids)].sort((a, b) => a - b),
      accountIds: [victim.userId, victimOperator.userId],
      paymentIds: arrived.paymentIds,
      emails: ['fuzz-victim@example.com'],
      picture: new Uint8Array(
        await sharp({ create: { width: 4, height: 3, channels: 3, background: '#c33' } })
          .png()
          .toBuffer(),
      ),
      importHeader: await importHeaderOf(t, operator.token),
    }
    setupSeconds = ((performance.now() - started) / 1000).toFixed(1)
  })

  afterAll(async () => {
    configureLogging({ level: (process.env.LOG_LEVEL ?? 'silent') as 'silent', format: 'json' })
    await sandboxDeliveriesSettled()
    await t?.close()
  })

  it('answers hostile input to every operation, as every caller, with a 4xx in the envelope', async () => {
    const started = performance.now()
    const doc = await t.getJson<Envelope<OpenApiDocument>>('/api/openapi.json')
    expect(doc.status).toBe(200)
    const operations = inRunOrder(operationsOf(doc.body.data))
    expect(operations.length).toBeGreaterThan(100)
    const failures = new FailureList()
    const names = new Set(operations.map(operationName))
    for (const name of [...Object.keys(NOT_FUZZED), ...LAST]) {
      if (!names.has(name)) failures.add(runFailure(name))
    }

    // The server's error lines, read back per request (and echoed when LOG_LEVEL asks for them).
    const logLines: string[] = []
    const echo = process.env.LOG_LEVEL !== undefined && process.env.LOG_LEVEL !== 'silent'
    configureLogging({
      level: 'error',
      format: 'json',
      destination: {
        write: (chunk: string) => {
          if (echo) process.stdout.write(chunk)
          logLines.push(...chunk.split('\n').filter(Boolean))
        },
      },
    })

    const tally: Tally = { sent: 0, s2xx: 0, s3xx: 0, s4xx: 0, s5xx: 0, schemaChecked: 0 }
    const published = new PublishedAnswers(doc.body.data)
    const perCall = new Map<string, number>()
    let sessionsChecked = false
    for (const [index, op] of operations.entries()) {
      const name = operationName(op)
      if (name in NOT_FUZZED) continue
      if (!sessionsChecked && LAST.includes(name)) {
        // Every call before the last ones ran with the callers signed in, or the run meant little.
        sessionsChecked = true
        for (const problem of await sessionProblems(t, tokens)) failures.add(problem)
      }
      const ids = ACCOUNT_PATHS.test(op.path) ? pools.accountIds : pools.ids
      for (const [roleIndex, role] of ROLES.entries()) {
        const token = tokens[role]
        const send = async (request: FuzzRequest) => {
          tally.sent += 1
          const client = `10.${(tally.sent >> 16) & 255}.${(tally.sent >> 8) & 255}.${tally.sent & 255}`
          const before = logLines.length
          let response: Response
          try {
            response = await t.app.request(urlOf(op, request), requestInit(op, request, client))
          } catch (error) {
            failures.add({
              operation: name,
              role,
              problem: `the request threw: ${String(error).slice(0, 120)}`,
              status: 0,
              sent: describeRequest(op, request),
              answer: '',
              serverLog: [],
            })
            return
          }
          const judged = await judge(response, request, (envelope, status) =>
            published.problemOf(op.method, op.path, envelope, status),
          )
          if (judged.schemaChecked) tally.schemaChecked += 1
          const status = judged.status
          if (status >= 500) tally.s5xx += 1
          else if (status >= 400) tally.s4xx += 1
          else if (status >= 300) tally.s3xx += 1
          else tally.s2xx += 1
          perCall.set(`${name}|${role}`, (perCall.get(`${name}|${role}`) ?? 0) + 1)
          if (judged.problem) {
            failures.add({
              operation: name,
              role,
              problem: judged.problem,
              status,
              sent: describeRequest(op, request),
              answer: judged.answer,
              serverLog: logLines.slice(before).map(errorOf),
            })
          }
        }
        for (const request of fixedCasesFor(op, token, ids, pools, SEED, OWN_ROLE[op.access] === role))
          await send(request)
        await fc.assert(
          fc.asyncProperty(requestsFor(op, token, ids, pools), async (request) => {
            await send(request)
          }),
          { numRuns: CASES, seed: SEED + index * ROLES.length + roleIndex },
        )
      }
    }
    await sandboxDeliveriesSettled()

    for (const op of operations) {
      for (const role of ROLES) {
        const name = operationName(op)
        if (name in NOT_FUZZED) continue
        if ((perCall.get(`${name}|${role}`) ?? 0) < CASES) {
          failures.add({ ...runFailure(name), role, problem: `fewer than ${CASES} cases were answered` })
        }
      }
    }

    try {
      const report = await checkInvariants(t.db)
      if (report.checked === 0)
        failures.add({ ...runFailure('invariants'), problem: 'no invariant was checked' })
      for (const broken of report.broken) {
        failures.add({
          ...runFailure('invariants'),
          problem: `invariant broken: ${broken.name}: ${JSON.stringify(broken.violations).slice(0, 300)}`,
        })
      }
    } catch (error) {
      failures.add({
        ...runFailure('invariants'),
        problem: `checkInvariants threw: ${String(error).slice(0, 200)}`,
      })
    }

    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      `resilience: fuzz on ${engine}: ${operations.length - Object.keys(NOT_FUZZED).length} operations × ${ROLES.length} roles, ${tally.sent} cases sent (${CASES} generated + fixed per operation and role), 2xx ${tally.s2xx} (${tally.schemaChecked} JSON answers valid against the published schema), 3xx ${tally.s3xx}, 4xx ${tally.s4xx}, 5xx ${tally.s5xx}; ${failures.size} defects; seed ${SEED} (FUZZ_SEED); ${seconds} s (setup ${setupSeconds} s)`,
    )
    expect(failures.size, `\n${failures.report(`[${engine}]`)}`).toBe(0)
  })
})

/** The header row of the product import's CSV template, as the console downloads it. */
async function importHeaderOf(t: TestApp, token: string): Promise<string> {
  const answer = await t.app.request('/api/ops/products/import-template?format=csv', { headers: { token } })
  const text = (await answer.text()).replace(/^\ufeff/, '')
  const header = text.split(/\r?\n/)[0]
  if (answer.status !== 200 || !header)
    throw new Error(`the import template: ${answer.status} ${text.slice(0, 200)}`)
  return header
}

/** A failure that is about the run rather than one request. */
function runFailure(operation: string) {
  return {
    operation,
    role: 'visitor' as Role,
    problem: 'named in NOT_FUZZED or LAST but not in /api/openapi.json',
    status: 0,
    sent: { method: '', url: '', contentType: undefined, body: '' },
    answer: '',
    serverLog: [],
  }
}

interface LoggedError {
  type?: string
  message?: string
  stack?: string
}

/** The error, its cause and the first frame of the shop's own code in its stack, from one pino line. */
function errorOf(line: string): string {
  try {
    const parsed = JSON.parse(line) as { msg?: string; err?: LoggedError }
    const err = parsed.err
    const frame = err?.stack
      ?.split('\n')
      .find((l) => /^\s*at .*\/(server|src)\//.test(l))
      ?.trim()
    const message = err?.message?.split('\n')[0]?.slice(0, 120)
    // pino writes an error's cause into its stack as a "caused by: …" line
    const cause = err?.stack
      ?.split('\n')
      .find((l) => l.startsWith('caused by: '))
      ?.slice(0, 160)
    return [parsed.msg, err?.type, message, cause, frame].filter(Boolean).join(': ')
  } catch {
    return line.slice(0, 200)
  }
}

/** Whether the shopper's and the operator's sessions still work. */
async function sessionProblems(t: TestApp, tokens: Partial<Record<Role, string>>) {
  const problems = []
  const checks: [Role, string][] = [
    ['shopper', '/api/mall/user/checkToken'],
    ['operator', '/api/ops/me'],
  ]
  for (const [role, path] of checks) {
    const answer = await t.getJson<Envelope<unknown>>(path, { token: tokens[role] ?? '' })
    if (answer.status !== 200) {
      problems.push({
        ...runFailure(`GET ${path}`),
        role,
        problem: `the ${role}'s session ended before the last operations (${answer.body.msg})`,
        status: answer.status,
      })
    }
  }
  return problems
}

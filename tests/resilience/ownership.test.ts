import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allContracts } from '../../server/routes/openapi.ts'
import { signedInAccount } from '../server/support/catalog-fixture.ts'
import { createTestApp, type TestApp } from '../server/support/test-app.ts'
import { engines } from '../server/support/test-database.ts'
import { type CallArgs, fillers, send, snippet, urlOf } from './ownership-calls.ts'
import {
  activeShippingMethod,
  avatarOf,
  callerHoldings,
  type Holding,
  type Holdings,
  ownerHoldings,
} from './ownership-fixtures.ts'
import {
  callName,
  type Expectation,
  expectationOf,
  ghostOf,
  type IdArgument,
  idArgumentsOf,
  isIdArgument,
  isShared,
  type Kind,
  type OpenApiDocument,
  type Operation,
  operationsOf,
} from './ownership-matrix.ts'
import { differences, resetRateLimits, snapshot, tablesOf } from './ownership-snapshot.ts'

/*
 * The ownership matrix (issue 29): shopper B calls every id-bearing customer route with shopper A's
 * ids and must get a 404 (or the refusal the route's contract documents), never A's data, and nothing
 * may change. The routes come from the published OpenAPI document, so a new route gets its cells at
 * once, and a route whose id argument names no known kind of resource fails the test. Also: a visitor
 * gets 401 on every customer route, a shopper 403 on every console route, and an operator holding only
 * the warehouse permission 403 on every catalog and payments call of the console. Every defect goes
 * into one list, asserted empty at the end.
 */

/** The console rooms a warehouse-only operator must be refused. */
const REFUSED_ROOMS_FOR_WAREHOUSE = new Set(['catalog', 'payments'])

/** The text with each whole occurrence of the id (not a part of a longer word or number) as <id>. */
function blankId(text: string, id: number | string): string {
  const escaped = String(id).replace(/[.*+?^$()|[\]{}\\/]/g, '\\$&')
  return text.replace(new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'g'), '<id>')
}

interface Cell {
  op: Operation
  arg: IdArgument
  target: Holding
  variant: 'A’s id' | 'B’s and A’s ids'
  expectation: Expectation
}

describe.each(engines)('ownership matrix on %s', (engine) => {
  let t: TestApp
  let owner: Holdings
  let caller: Awaited<ReturnType<typeof callerHoldings>>
  let shippingMethodId: number
  let operations: Operation[]
  let tables: string[]
  let setupSeconds = '0'

  beforeAll(async () => {
    const setupStarted = performance.now()
    t = await createTestApp(engine, { listen: true })
    const published = await t.getJson<{ code: number; data: OpenApiDocument }>('/api/openapi.json')
    operations = operationsOf(published.body.data, allContracts)
    owner = await ownerHoldings(t, 'ada.owner.7731@example.com', 731)
    caller = await callerHoldings(t, 'bo.caller.5529@example.com', 529)
    shippingMethodId = await activeShippingMethod(t.db)
    tables = await tablesOf(t.db)
    setupSeconds = ((performance.now() - setupStarted) / 1000).toFixed(1)
  })
  afterAll(() => t?.close())

  it('refuses every call on another shopper’s resources, and every call outside the caller’s rights', async () => {
    const started = performance.now()
    const failures: string[] = []
    const cellsByKind = new Map<string, number>()
    const count = (key: string) => cellsByKind.set(key, (cellsByKind.get(key) ?? 0) + 1)

    const customerOps = operations.filter((op) => op.access === 'customer')
    const idBearing = customerOps.filter((op) => idArgumentsOf(op).length > 0)
    expect(customerOps.length).toBeGreaterThan(50)
    expect(idBearing.length).toBeGreaterThan(25)

    // A route whose id argument names no known kind fails the matrix (a new route must be placed).
    for (const op of idBearing) {
      for (const arg of idArgumentsOf(op)) {
        if (arg.kind === undefined)
          failures.push(`unmatched: ${callName(op)} ${arg.place} ${arg.name} names no known resource kind`)
      }
    }

    /** B's own value of a kind, for the id argument that is not under test in a cell. */
    const callersValue = (op: Operation, kind: Kind): number | string | undefined => {
      if (kind === 'shippingMethod') return shippingMethodId
      if (kind === 'order') return /orderPay/.test(op.path) ? caller.waitPayOrder : caller.finalPayOrder
      return caller.own[kind]
    }
    const assign = (args: CallArgs, arg: IdArgument, values: (number | string)[]) => {
      if (arg.place === 'path') args.path[arg.name] = values.join(',')
      else if (arg.place === 'query') args.query[arg.name] = String(values[0])
      else if (args.body) args.body[arg.name] = arg.plural ? values : values[0]
    }

    // The cells: each id argument of each route, with each of A's resources of its kind.
    const cells: Cell[] = []
    const exempt: string[] = []
    for (const op of idBearing) {
      for (const arg of idArgumentsOf(op)) {
        if (arg.kind === undefined) continue
        const expectation = expectationOf(op, arg)
        if (expectation.kind === 'exempt') {
          exempt.push(`${callName(op)} ${arg.name}`)
          continue
        }
        if (arg.kind === 'shippingMethod') continue // the shop's, no one's own: always B's valid value
        const targets = arg.kind === 'product' ? owner.products : owner.byKind[arg.kind]
        for (const target of targets) {
          cells.push({ op, arg, target, variant: 'A’s id', expectation })
          const own = isShared(arg.kind) ? undefined : callersValue(op, arg.kind)
          if (arg.plural && own !== undefined)
            cells.push({ op, arg, target, variant: 'B’s and A’s ids', expectation })
        }
      }
    }

    let ownershipCells = 0
    for (const cell of cells) {
      const { op, arg, target, variant, expectation } = cell
      const filled = fillers(op, isIdArgument)
      const name = `${callName(op)} [${arg.name} = A’s ${target.label}${variant === 'A’s id' ? '' : ', with B’s own'}]`
      if (filled.problems.length > 0) {
        failures.push(`${name}: the matrix cannot fill ${filled.problems.join(', ')}`)
        continue
      }
      const args = filled.args
      let missing = false
      for (const other of idArgumentsOf(op)) {
        if (other === arg || other.name === arg.name || other.kind === undefined) continue
        const value = callersValue(op, other.kind)
        if (value === undefined) {
          failures.push(`${name}: no value of B’s for ${other.name} (${other.kind})`)
          missing = true
        } else assign(args, other, [value])
      }
      if (missing) continue
      const own = arg.kind && !isShared(arg.kind) ? callersValue(op, arg.kind) : undefined
      assign(args, arg, variant === 'A’s id' || own === undefined ? [target.value] : [own, target.value])

      // B's calls add up on per-account limits (pay calls: 30 a minute); the matrix is not about them.
      await resetRateLimits(t.db)
      const ignoreUser = expectation.kind === 'scoped' ? caller.shopper.userId : undefined
      const before = await snapshot(t.db, tables, ignoreUser)
      const answer = await send(t, op, args, caller.shopper.token)
      const after = await snapshot(t.db, tables, ignoreUser)
      ownershipCells += 1
      count(arg.kind ?? 'unknown')

      const where = `${name} → ${op.method.toUpperCase()} ${urlOf(op, args)}`
      const seen = `${answer.status}, code ${answer.code}: ${snippet(answer.text)}`
      if (answer.status >= 500) failures.push(`${where}: server error ${seen}`)
      else if (expectation.kind === 'notFound') {
        if (answer.status !== 404 || answer.code !== 404) failures.push(`${where}: expected 404, got ${seen}`)
      } else if (expectation.kind === 'refused') {
        if (answer.status !== expectation.status)
          failures.push(`${where}: expected ${expectation.status} (${expectation.why}), got ${seen}`)
      } else if (expectation.kind === 'scoped') {
        if (answer.status !== 200) failures.push(`${where}: expected 200 (${expectation.why}), got ${seen}`)
      }
      if (expectation.kind === 'notFound' || expectation.kind === 'refused') {
        // A's id must be answered exactly as an id no one holds: no telling that A's exists.
        if (arg.kind && !isShared(arg.kind)) {
          const ghost = ghostOf(arg.kind)
          const ghostArgs = structuredClone(args)
          assign(ghostArgs, arg, variant === 'A’s id' || own === undefined ? [ghost] : [own, ghost])
          const ghostAnswer = await send(t, op, ghostArgs, caller.shopper.token)
          if (
            ghostAnswer.status !== answer.status ||
            blankId(ghostAnswer.text, ghost) !== blankId(answer.text, target.value)
          )
            failures.push(
              `${where}: answered unlike an id no one holds (${ghostAnswer.status}: ${snippet(ghostAnswer.text)}) — ${seen}`,
            )
        }
      }
      const shown = owner.markers.filter((marker) => answer.text.includes(marker))
      if (shown.length > 0) failures.push(`${where}: A’s data in the answer (${shown.join(', ')}): ${seen}`)
      const changed = differences(before, after)
      if (changed.length > 0) failures.push(`${where}: changed ${changed.join('; ')} (answer ${seen})`)
    }

    // Controls: each reading route finds B's own id, so its 404 for A's id is about ownership.
    for (const op of idBearing.filter((candidate) => candidate.method === 'get')) {
      const filled = fillers(op, isIdArgument)
      const owned = idArgumentsOf(op).filter((arg) => arg.kind && !isShared(arg.kind))
      if (filled.problems.length > 0 || owned.length === 0) continue
      const values = owned.map((arg) => (arg.kind ? callersValue(op, arg.kind) : undefined))
      if (values.some((value) => value === undefined)) continue
      for (const arg of idArgumentsOf(op)) {
        const value = arg.kind ? callersValue(op, arg.kind) : undefined
        if (value !== undefined) assign(filled.args, arg, [value])
      }
      const answer = await send(t, op, filled.args, caller.shopper.token)
      count('control: B’s own id found')
      // Found: 200, or a refusal about the resource's state (409), never 404, 401, 403 or 5xx.
      if (answer.status !== 200 && answer.status !== 409)
        failures.push(
          `control ${op.method.toUpperCase()} ${urlOf(op, filled.args)} with B’s own ids: expected 200 or 409, got ${answer.status}: ${snippet(answer.text)}`,
        )
    }

    // A's avatar is still A's and still served.
    if (owner.avatar) {
      if ((await avatarOf(t.db, owner.shopper.userId)) !== owner.avatar)
        failures.push(`A’s avatar changed: ${await avatarOf(t.db, owner.shopper.userId)}`)
      const served = await t.app.request(owner.avatar)
      if (served.status !== 200)
        failures.push(`A’s avatar ${owner.avatar} is no longer served (${served.status})`)
    } else failures.push('A has no avatar (the upload answered none)')

    /** One refusal sweep: each call answers `status`, changes nothing and shows nothing of A's. */
    const sweep = async (
      ops: Operation[],
      token: string | undefined,
      status: number,
      who: string,
      check?: (op: Operation, text: string) => string | undefined,
    ) => {
      for (const op of ops) {
        const args: CallArgs = { path: {}, query: {}, body: op.body ? {} : undefined }
        for (const name of op.pathParams) args.path[name] = '1'
        await resetRateLimits(t.db)
        const before = await snapshot(t.db, tables)
        const answer = await send(t, op, args, token)
        const after = await snapshot(t.db, tables)
        count(`${who} ${status}`)
        const where = `${who}: ${op.method.toUpperCase()} ${urlOf(op, args)}`
        const seen = `${answer.status}, code ${answer.code}: ${snippet(answer.text)}`
        if (answer.status !== status || answer.code !== status)
          failures.push(`${where}: expected ${status}, got ${seen}`)
        const shown = owner.markers.filter((marker) => answer.text.includes(marker))
        if (shown.length > 0) failures.push(`${where}: A’s data in the answer (${shown.join(', ')})`)
        const wrong = check?.(op, answer.text)
        if (wrong) failures.push(`${where}: ${wrong}`)
        const changed = differences(before, after)
        if (changed.length > 0) failures.push(`${where}: changed ${changed.join('; ')}`)
      }
    }

    await sweep(customerOps, undefined, 401, 'visitor')
    // The console: every operator call, and anything published under /api/ops whatever it declares.
    const consoleOps = operations.filter((op) => op.access === 'operator' || op.path.startsWith('/api/ops/'))
    await sweep(consoleOps, caller.shopper.token, 403, 'shopper on the console')
    const warehouse = await signedInAccount(t, 'only.warehouse@example.com', {
      kind: 'operator',
      permissions: ['warehouse'],
    })
    const refusedRooms = consoleOps.filter((op) => REFUSED_ROOMS_FOR_WAREHOUSE.has(op.permission ?? ''))
    expect(refusedRooms.length).toBeGreaterThan(10)
    await sweep(refusedRooms, warehouse.token, 403, 'warehouse-only operator', (op, text) => {
      const permission = (JSON.parse(text) as { data?: { permission?: string } | null }).data?.permission
      return permission === op.permission
        ? undefined
        : `refused for ${permission}, the call needs ${op.permission}`
    })

    // The markers are what A's own calls show: looking for them in B's answers means something.
    const own = async (path: string) =>
      (await t.app.request(path, { headers: { token: owner.shopper.token } })).text()
    const ownOrder = await own(`/api/mall/order/${owner.byKind.order[0]?.value}`)
    const ownAddresses = await own('/api/mall/address/list')
    const ownFees = await own('/api/mall/extra_pay/list')
    for (const [text, marker] of [
      [ownOrder, owner.probes.order],
      [ownAddresses, owner.probes.address],
      [ownFees, owner.probes.fee],
    ] as const) {
      if (!text.includes(marker)) failures.push(`marker ${marker} is not in A’s own answer: ${snippet(text)}`)
    }

    // The snapshot sees a change: A's own toggle of a favourite, and not when A's rows are left out.
    const favourite = owner.products[0]?.value
    const probeBefore = await snapshot(t.db, tables)
    const probeMineBefore = await snapshot(t.db, tables, owner.shopper.userId)
    await t.app.request(`/api/mall/history/collectOrCancel/${favourite}`, {
      method: 'POST',
      headers: { token: owner.shopper.token },
    })
    const seenChange = differences(probeBefore, await snapshot(t.db, tables))
    if (!seenChange.some((change) => change.startsWith('favourites ')))
      failures.push(`the snapshot missed A’s own change of favourites: ${seenChange.join('; ')}`)
    const ignored = differences(probeMineBefore, await snapshot(t.db, tables, owner.shopper.userId))
    if (ignored.length > 0) failures.push(`the snapshot without A’s rows saw ${ignored.join('; ')}`)

    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const byKind = [...cellsByKind.entries()].map(([kind, n]) => `${kind} ${n}`).join(', ')
    const checked = [...cellsByKind.values()].reduce((sum, n) => sum + n, 0)
    console.log(
      `resilience: ownership ${engine}: ${checked} cells checked (${ownershipCells} ownership cells on ${idBearing.length} id-bearing routes; ${byKind}; no cell, by contract: ${exempt.join(', ') || 'none'}), ${failures.length} failures, ${seconds} s (setup ${setupSeconds} s)`,
    )
    expect(failures).toEqual([])
  })
})

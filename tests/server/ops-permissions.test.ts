import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema.ts'
import type { RouteContract } from '../../server/routes/contract.ts'
import { allContracts } from '../../server/routes/openapi.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { STAFF_PERMISSIONS, type StaffPermission } from '../../src/domain/staff.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

/*
 * The permissions matrix (backoffice §1): for each console permission, an account holding only it may
 * call its own room's calls and gets 403 naming the needed permission, with nothing written, on every
 * other room's call. The calls come from the route contracts, so a new console call is covered at once.
 */

const operatorCalls = allContracts.filter((contract) => contract.access === 'operator')
const roomCalls = operatorCalls.filter((contract) => contract.path !== '/ops/me')

/** A request path for a contract: every path parameter is 1. */
const pathOf = (contract: RouteContract) => `/api${contract.path.replace(/:(\w+)(\{[^}]*\})?/g, '1')}`

describe.each(engines)('console permissions matrix on %s', (engine) => {
  let t: TestApp
  const holders = new Map<StaffPermission, string>()

  const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0

  beforeAll(async () => {
    t = await createTestApp(engine)
    for (const permission of STAFF_PERMISSIONS) {
      const account = await signedInAccount(t, `only-${permission}@example.com`, {
        kind: 'operator',
        permissions: [permission],
      })
      holders.set(permission, account.token)
    }
  })
  afterAll(() => t?.close())

  it('gives every console call one of the permissions', () => {
    expect(roomCalls.length).toBeGreaterThan(40)
    const undeclared = roomCalls
      .filter((contract) => contract.permission === undefined)
      .map((contract) => `${contract.method} ${contract.path}`)
    expect(undeclared).toEqual([])
    // every room has calls, so each row of the matrix is exercised
    for (const permission of STAFF_PERMISSIONS) {
      expect(
        roomCalls.some((contract) => contract.permission === permission),
        permission,
      ).toBe(true)
    }
  })

  it.each(STAFF_PERMISSIONS)('lets a %s-only account into its room and refuses every other', async (held) => {
    const token = holders.get(held) ?? ''
    const outcomes: string[] = []
    for (const contract of roomCalls) {
      const method = contract.method.toUpperCase()
      const auditsBefore = await auditCount()
      const response = await t.app.request(pathOf(contract), {
        method,
        headers: { token, 'content-type': 'application/json' },
        // an empty body: the holder is refused by validation (or finds nothing), never by permission
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
      })
      const call = `${method} ${contract.path}`
      if (contract.permission === held) {
        if (response.status === 403) outcomes.push(`${call}: 403 for a ${held} account`)
        continue
      }
      const body = (await response.json()) as Envelope<{ permission?: string } | null>
      if (response.status !== 403) outcomes.push(`${call}: ${response.status}, not 403`)
      else if (body.data?.permission !== contract.permission) {
        outcomes.push(`${call}: refused for ${body.data?.permission}, declares ${contract.permission}`)
      }
      if ((await auditCount()) !== auditsBefore) outcomes.push(`${call}: wrote an audit row`)
    }
    expect(outcomes).toEqual([])
  })
})

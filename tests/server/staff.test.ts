import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, sessions, users } from '../../server/db/schema.ts'
import type { Envelope } from '../../src/domain/result-code.ts'
import { STAFF_PERMISSIONS, type StaffAccountDto, type StaffMeDto } from '../../src/domain/staff.ts'
import { logIn } from './support/accounts.ts'
import { signedInAccount } from './support/catalog-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { engines } from './support/test-database.ts'

interface Account {
  token: string
  userId: number
}

type Refusal = { fields?: { field: string; message: string }[]; mustChangePassword?: boolean } | null

const STAFF_PASSWORD = 'Given1!pass'

describe.each(engines)('staff accounts and permissions on %s', (engine) => {
  let t: TestApp
  let admin: Account
  let customer: Account

  const as = (who: { token: string }) => ({ token: who.token })
  const me = (who: { token: string }) => t.getJson<Envelope<StaffMeDto | Refusal>>('/api/ops/me', as(who))
  const listStaff = (who: { token: string } = admin) =>
    t.getJson<Envelope<{ list: StaffAccountDto[] } | Refusal>>('/api/ops/staff', as(who))
  const createStaff = (body: Record<string, unknown>, who: { token: string } = admin) =>
    t.sendJson<Envelope<StaffAccountDto | Refusal>>('POST', '/api/ops/staff', body, as(who))
  const updateStaff = (id: number, body: Record<string, unknown>, who: { token: string } = admin) =>
    t.sendJson<Envelope<StaffAccountDto | Refusal>>('PUT', `/api/ops/staff/${id}`, body, as(who))
  const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0
  const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0
  const staffAudits = (id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .then((rows) => rows.filter((row) => row.entity === 'staff'))

  /** Creates a staff account and signs it in with the password it was given. */
  async function newStaff(email: string, permissions: string[]): Promise<Account> {
    const created = await createStaff({
      email,
      nickname: email.split('@')[0],
      password: STAFF_PASSWORD,
      permissions,
    })
    expect(created.body.code).toBe(200)
    const login = await logIn(t, email, STAFF_PASSWORD)
    const token = login.headers.get('token')
    if (login.body.code !== 200 || !token) throw new Error(`login ${email} refused: ${login.body.msg}`)
    return { token, userId: (created.body.data as StaffAccountDto).id }
  }

  const changePassword = (who: { token: string }, newPassword: string) =>
    t.sendJson<Envelope<null>>(
      'PUT',
      '/api/mall/user/changePwd',
      { password: STAFF_PASSWORD, newPassword, confirmPassword: newPassword },
      as(who),
    )

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await signedInAccount(t, 'staff-admin@example.com', { kind: 'operator' })
    customer = await signedInAccount(t, 'staff-customer@example.com')
  })
  afterAll(() => t?.close())

  it('answers /ops/me with the operator’s rooms', async () => {
    const answer = await me(admin)
    expect(answer.body).toEqual({
      code: 200,
      msg: 'success',
      data: {
        id: admin.userId,
        email: 'staff-admin@example.com',
        nickname: 'staff-admin',
        permissions: [...STAFF_PERMISSIONS],
        mustChangePassword: false,
      },
    })
  })

  it('creates an account that must change its password, audited without the password, and lists it', async () => {
    const before = await auditCount()
    const created = await createStaff({
      email: '  Packer@Example.com ',
      nickname: ' 仓库小王 ',
      password: STAFF_PASSWORD,
      permissions: ['warehouse', 'orders', 'warehouse'],
    })
    expect(created.status).toBe(200)
    const account = created.body.data as StaffAccountDto
    expect(account).toMatchObject({
      email: 'packer@example.com',
      nickname: '仓库小王',
      permissions: ['orders', 'warehouse'],
      disabled: false,
    })
    expect(Date.parse(account.createTime)).not.toBeNaN()
    const [row] = await t.db.select().from(users).where(eq(users.id, account.id))
    expect(row).toMatchObject({ kind: 'operator', mustChangePassword: true, role: null })
    expect(await auditCount()).toBe(before + 1)
    const audits = await staffAudits(account.id)
    expect(audits).toEqual([
      expect.objectContaining({
        action: 'staff.create',
        actorId: admin.userId,
        before: null,
        after: {
          email: 'packer@example.com',
          nickname: '仓库小王',
          permissions: ['orders', 'warehouse'],
          disabled: false,
        },
      }),
    ])
    expect(JSON.stringify(audits)).not.toContain(STAFF_PASSWORD)
    expect(JSON.stringify(audits)).not.toMatch(/password/i)

    const listed = (await listStaff()).body.data as { list: StaffAccountDto[] }
    expect(listed.list.map((entry) => entry.email)).toEqual(['staff-admin@example.com', 'packer@example.com'])
    expect(listed.list.every((entry) => !('passwordHash' in entry))).toBe(true)
  })

  it('refuses an e-mail already in use (409 on email), a customer’s too, changing nothing', async () => {
    const before = [await userCount(), await auditCount()]
    const taken = await createStaff({
      email: 'staff-customer@example.com',
      nickname: 'x',
      password: STAFF_PASSWORD,
      permissions: [],
    })
    expect(taken.status).toBe(409)
    expect(taken.body.msg).toBe('email: is already used by an account')
    expect([await userCount(), await auditCount()]).toEqual(before)
  })

  it('answers bad input 400 naming the field, changing nothing', async () => {
    const before = [await userCount(), await auditCount()]
    const good = {
      email: 'new-staff@example.com',
      nickname: 'new',
      password: STAFF_PASSWORD,
      permissions: [],
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, email: 'not-an-address' }, 'email: '],
      [{ ...good, password: 'short' }, 'password: '],
      [{ ...good, nickname: '' }, 'nickname: '],
      [{ ...good, permissions: ['root'] }, 'permissions.0: must be one of the console permissions'],
      [{ ...good, permissions: 'orders' }, 'permissions: must be a list of console permissions'],
      [{ email: good.email, nickname: 'new', password: STAFF_PASSWORD }, 'permissions: is required'],
    ]
    for (const [body, message] of cases) {
      const answer = await createStaff(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.msg.startsWith(message), answer.body.msg).toBe(true)
    }
    const bad = await updateStaff(admin.userId, { disabled: 'yes' })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe('disabled: must be true or false')
    const badId = await updateStaff(0, {})
    expect(badId.status).toBe(400)
    expect(badId.body.msg.startsWith('id: ')).toBe(true)
    expect([await userCount(), await auditCount()]).toEqual(before)
  })

  it('answers 404 for an id that is not an operator', async () => {
    expect((await updateStaff(customer.userId, { disabled: true })).status).toBe(404)
    expect((await updateStaff(999_999, { disabled: true })).status).toBe(404)
  })

  it('keeps a new account out of the console until it changes its password, then lets it in', async () => {
    const staff = await newStaff('first-day@example.com', ['orders'])
    const mine = await me(staff)
    expect(mine.body.data).toMatchObject({ permissions: ['orders'], mustChangePassword: true })
    for (const path of ['/api/ops/orders', '/api/ops/packages', '/api/ops/staff']) {
      const refused = await t.getJson<Envelope<Refusal>>(path, as(staff))
      expect(refused.status, path).toBe(403)
      expect(refused.body.data, path).toMatchObject({ mustChangePassword: true })
    }
    const changed = await changePassword(staff, 'Chosen2@pass')
    expect(changed.body.code).toBe(200)
    expect((await me(staff)).body.data).toMatchObject({ mustChangePassword: false })
    expect((await t.getJson('/api/ops/orders', as(staff))).status).toBe(200)
    // still only its own rooms
    const other = await t.getJson<Envelope<{ permission: string }>>('/api/ops/packages', as(staff))
    expect(other.status).toBe(403)
    expect(other.body.data).toEqual({ permission: 'warehouse' })
  })

  it('changes permissions (audited) and disables an account for good', async () => {
    const staff = await newStaff('leaver@example.com', ['orders'])
    await changePassword(staff, 'Chosen2@pass')
    const secondDevice = (await logIn(t, 'leaver@example.com', 'Chosen2@pass')).headers.get('token') ?? ''

    const widened = await updateStaff(staff.userId, { permissions: ['warehouse', 'orders'] })
    expect(widened.body.data).toMatchObject({ permissions: ['orders', 'warehouse'], disabled: false })
    expect((await t.getJson('/api/ops/packages', as(staff))).status).toBe(200)
    // The same state again changes nothing and writes no audit row.
    const auditsBefore = await auditCount()
    expect((await updateStaff(staff.userId, { permissions: ['orders', 'warehouse'] })).status).toBe(200)
    expect(await auditCount()).toBe(auditsBefore)

    const disabled = await updateStaff(staff.userId, { disabled: true })
    expect(disabled.body.data).toMatchObject({ disabled: true })
    for (const token of [staff.token, secondDevice]) {
      const next = await me({ token })
      expect(next.body.code).toBe(9005)
    }
    const open = await t.db.select().from(sessions).where(eq(sessions.userId, staff.userId))
    expect(open.length).toBeGreaterThanOrEqual(2)
    expect(open.every((session) => session.revokedAt !== null)).toBe(true)
    expect((await logIn(t, 'leaver@example.com', 'Chosen2@pass')).body.code).toBe(9005)

    const enabled = await updateStaff(staff.userId, { disabled: false })
    expect(enabled.body.data).toMatchObject({ disabled: false })
    expect((await me(staff)).body.code).toBe(9004)
    const again = await logIn(t, 'leaver@example.com', 'Chosen2@pass')
    expect((await me({ token: again.headers.get('token') ?? '' })).body.code).toBe(200)

    expect((await staffAudits(staff.userId)).map((row) => row.action)).toEqual([
      'staff.create',
      'staff.update',
      'staff.update',
      'staff.update',
    ])
  })

  it('never lets the shop lock itself out', async () => {
    const before = [await auditCount()]
    const selfDisable = await updateStaff(admin.userId, { disabled: true })
    expect(selfDisable.status).toBe(409)
    expect(selfDisable.body.msg).toBe('disabled: cannot disable your own account')
    const selfDemote = await updateStaff(admin.userId, { permissions: ['orders', 'settings'] })
    expect(selfDemote.status).toBe(409)
    expect(selfDemote.body.msg).toBe('permissions: cannot remove your own staff permission')
    // Changing one's other rooms is fine.
    expect(await auditCount()).toEqual(before[0])
    const narrowed = await updateStaff(admin.userId, { permissions: ['staff', 'orders'] })
    expect(narrowed.status).toBe(200)
    await updateStaff(admin.userId, { permissions: [...STAFF_PERMISSIONS] })

    // A second staff manager may take the first's staff room away, but not its own.
    const deputy = await newStaff('deputy@example.com', ['staff'])
    await changePassword(deputy, 'Chosen2@pass')
    expect((await updateStaff(deputy.userId, { permissions: [] }, deputy)).status).toBe(409)
    expect((await updateStaff(admin.userId, { permissions: ['orders'] }, deputy)).status).toBe(200)
    expect((await listStaff(admin)).status).toBe(403)
    expect((await updateStaff(admin.userId, { permissions: [...STAFF_PERMISSIONS] }, deputy)).status).toBe(
      200,
    )
    expect((await listStaff(admin)).status).toBe(200)
  })

  it('refuses a customer (403) and a visitor (401)', async () => {
    expect((await me(customer)).status).toBe(403)
    expect((await listStaff(customer)).status).toBe(403)
    expect((await createStaff({}, customer)).status).toBe(403)
    expect((await t.getJson('/api/ops/me')).status).toBe(401)
  })
})

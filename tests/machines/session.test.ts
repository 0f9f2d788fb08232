import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type Snapshot, waitFor } from 'xstate'
import {
  EMPTY_STARTUP,
  type SessionSnapshot,
  type StartupData,
  type StartupLoadInput,
  selectClaims,
  selectIsSignedIn,
  selectStartup,
  sessionMachine,
  type VipInfo,
} from '../../machines/session/session.machine.ts'
import {
  isSettledSignedIn,
  type PersistedSession,
  parsePersistedSession,
  restorableSession,
} from '../../machines/session/session-saved-state.ts'
import type { PayInfo, SessionClaims } from '../../src/domain/session.ts'

const NOW_MS = Date.UTC(2025, 5, 1, 12)
const NOW_SECONDS = NOW_MS / 1000

function claimsOf(overrides: Partial<SessionClaims> = {}): SessionClaims {
  return {
    sub: '42',
    sid: 'session-a',
    kind: 'customer',
    role: 1,
    nickname: '小樱',
    avatar: null,
    score: 120,
    wechat: true,
    language: 'zhCn',
    iat: NOW_SECONDS - 60,
    exp: NOW_SECONDS + 3600,
    ...overrides,
  }
}

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A token shaped like the server's (header.payload.signature); the client never checks the signature. */
function tokenFor(claims: SessionClaims): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`
}

const PAY_INFO: PayInfo = {
  role: 1,
  score: 120,
  scoreRate: 0.01,
  scoreSwitch: true,
  scoreTime: '2025-06-30',
  monthlyExpenditure: 18000,
  priceSwitch: true,
  idCard: false,
}

const STARTUP: StartupData = {
  cartNumber: 3,
  addressCount: 2,
  extraPayCount: 1,
  orderFinalCount: 2,
  orderFinalOverCount: 1,
  applyCount: 4,
  applyOverCount: 1,
  expressCount: 2,
  expressOverCount: 0,
  charge: { discount: 0.9, platPercent: 0.03, frontMoney: 0.3, settlePercent: 0.035, rate: 0.048 },
  vipList: [{ vip: 1, scoreRate: 0.01, minMonthlySpend: 0 }],
  payInfo: PAY_INFO,
}

const FRESH_VIP_INFO: VipInfo = {
  vipList: [
    { vip: 1, scoreRate: 0.01, minMonthlySpend: 0 },
    { vip: 2, scoreRate: 0.015, minMonthlySpend: 30000 },
  ],
  payInfo: { ...PAY_INFO, scoreRate: 0.015, monthlyExpenditure: 32000 },
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {}
  let reject: (reason: unknown) => void = () => {}
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Lets settled promises and the machine's reactions to them run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

interface Stubs {
  loadStartup?: (token: string) => Promise<StartupData>
  loadVipInfo?: (token: string) => Promise<VipInfo>
  signOut?: (token: string) => Promise<void>
}

function harness(stubs: Stubs = {}) {
  /** The side effects in the order the machine ran them. */
  const effects: string[] = []
  /** The startup data on screen when each startup load began (what a failed part falls back to). */
  const shownAtLoad: StartupData[] = []
  const calls = {
    loadStartup: vi.fn(stubs.loadStartup ?? (() => Promise.resolve(STARTUP))),
    loadVipInfo: vi.fn(stubs.loadVipInfo ?? (() => Promise.resolve(FRESH_VIP_INFO))),
    signOut: vi.fn(stubs.signOut ?? (() => Promise.resolve())),
  }
  const record = (name: string) =>
    vi.fn(() => {
      effects.push(name)
    })
  const actions = {
    persistToken: vi.fn((token: string) => {
      effects.push(`persistToken ${token}`)
    }),
    forgetToken: record('forgetToken'),
    forgetPackagingQuery: record('forgetPackagingQuery'),
    clearUserCaches: record('clearUserCaches'),
    forgetUserCart: record('forgetUserCart'),
    goToLogin: record('goToLogin'),
    goHome: record('goHome'),
    notifySessionExpired: record('notifySessionExpired'),
    notifyAccountDisabled: record('notifyAccountDisabled'),
  }
  const machine = sessionMachine.provide({
    actors: {
      loadStartup: fromPromise<StartupData, StartupLoadInput>(({ input }) => {
        shownAtLoad.push(input.current)
        return calls.loadStartup(input.token)
      }),
      loadVipInfo: fromPromise<VipInfo, { token: string }>(({ input }) => calls.loadVipInfo(input.token)),
      signOut: fromPromise<void, { token: string }>(({ input }) => calls.signOut(input.token)),
    },
    actions: {
      persistToken: (_, params) => actions.persistToken(params.token),
      forgetToken: () => actions.forgetToken(),
      forgetPackagingQuery: () => actions.forgetPackagingQuery(),
      clearUserCaches: () => actions.clearUserCaches(),
      forgetUserCart: () => actions.forgetUserCart(),
      goToLogin: () => actions.goToLogin(),
      goHome: () => actions.goHome(),
      notifySessionExpired: () => actions.notifySessionExpired(),
      notifyAccountDisabled: () => actions.notifyAccountDisabled(),
    },
  })
  const start = (token: string | null) => createActor(machine, { input: { token, nowMs: NOW_MS } }).start()
  return { machine, calls, actions, effects, start, shownAtLoad }
}

const isReady = (snapshot: SessionSnapshot) => snapshot.matches({ signedIn: 'ready' })

describe('session machine: start', () => {
  it('is signed out without a stored token and loads nothing', async () => {
    const { start, calls, actions } = harness()
    const actor = start(null)
    await settle()

    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false)
    expect(selectClaims(actor.getSnapshot())).toBeNull()
    expect(calls.loadStartup).not.toHaveBeenCalled()
    expect(actions.forgetToken).not.toHaveBeenCalled()
  })

  it('is signed in with a valid stored token and loads the startup data with it', async () => {
    const { start, calls } = harness()
    const token = tokenFor(claimsOf())
    const actor = start(token)

    expect(actor.getSnapshot().matches({ signedIn: 'loadingStartup' })).toBe(true)
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true)
    const snapshot = await waitFor(actor, isReady)

    expect(calls.loadStartup).toHaveBeenCalledWith(token)
    expect(selectClaims(snapshot)).toEqual(claimsOf())
    expect(selectStartup(snapshot)).toEqual(STARTUP)
    // the VIP reload belongs to a login, not to a reload of the page
    expect(calls.loadVipInfo).not.toHaveBeenCalled()
  })

  it('forgets an expired stored token and starts signed out', async () => {
    const { start, calls, actions } = harness()
    const actor = start(tokenFor(claimsOf({ exp: NOW_SECONDS })))
    await settle()

    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actor.getSnapshot().context.token).toBeNull()
    expect(actions.forgetToken).toHaveBeenCalledOnce()
    expect(calls.loadStartup).not.toHaveBeenCalled()
  })

  it('forgets a stored value that is not a token and starts signed out', async () => {
    const { start, actions } = harness()
    const actor = start('not-a-token')
    await settle()

    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actions.forgetToken).toHaveBeenCalledOnce()
  })
})

describe('session machine: login', () => {
  it('stores the token, clears the cached lists, loads the startup data and reloads the VIP info', async () => {
    const vipInfo = deferred<VipInfo>()
    const { start, calls, actions, effects } = harness({ loadVipInfo: () => vipInfo.promise })
    const actor = start(null)
    const token = tokenFor(claimsOf())

    actor.send({ type: 'SIGNED_IN', token })
    expect(actions.persistToken).toHaveBeenCalledWith(token)
    // the cached catalog lists were a visitor's, without prices
    expect(effects).toEqual([`persistToken ${token}`, 'clearUserCaches'])
    expect(selectClaims(actor.getSnapshot())).toEqual(claimsOf())
    await waitFor(actor, isReady)
    expect(calls.loadStartup).toHaveBeenCalledWith(token)
    expect(calls.loadVipInfo).toHaveBeenCalledWith(token)

    vipInfo.resolve(FRESH_VIP_INFO)
    const snapshot = await waitFor(actor, (s) => s.context.startup.vipList.length === 2)
    expect(selectStartup(snapshot)).toEqual({ ...STARTUP, ...FRESH_VIP_INFO })
    expect(snapshot.matches({ signedIn: 'ready' })).toBe(true)
  })

  it('stays signed in when the VIP reload fails', async () => {
    const { start } = harness({ loadVipInfo: () => Promise.reject(new Error('network')) })
    const actor = start(null)

    actor.send({ type: 'SIGNED_IN', token: tokenFor(claimsOf()) })
    const snapshot = await waitFor(actor, isReady)
    await settle()

    expect(actor.getSnapshot().status).toBe('active')
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true)
    expect(selectStartup(snapshot)).toEqual(STARTUP)
  })

  it('ignores a login whose token does not decode', async () => {
    const { start, calls, actions } = harness()
    const actor = start(null)

    actor.send({ type: 'SIGNED_IN', token: 'garbage' })
    await settle()

    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actions.persistToken).not.toHaveBeenCalled()
    expect(calls.loadStartup).not.toHaveBeenCalled()
  })

  it('ignores a garbage login while signed in and keeps the session', async () => {
    const { start, calls } = harness()
    const token = tokenFor(claimsOf())
    const actor = start(token)
    await waitFor(actor, isReady)

    actor.send({ type: 'SIGNED_IN', token: 'header.bm90LWpzb24.signature' })
    await settle()

    expect(actor.getSnapshot().context.token).toBe(token)
    expect(isReady(actor.getSnapshot())).toBe(true)
    expect(calls.loadStartup).toHaveBeenCalledOnce()
  })

  it('switches to another account: new token and claims, caches cleared, startup reloaded', async () => {
    const other = tokenFor(claimsOf({ sub: '77', sid: 'session-b', nickname: 'ミク', role: 2 }))
    const otherStartup: StartupData = { ...STARTUP, cartNumber: 9, addressCount: 0 }
    const { start, calls, actions } = harness({
      loadStartup: (token) => Promise.resolve(token === other ? otherStartup : STARTUP),
    })
    const actor = start(tokenFor(claimsOf()))
    await waitFor(actor, isReady)

    actor.send({ type: 'SIGNED_IN', token: other })
    expect(actor.getSnapshot().matches({ signedIn: 'loadingStartup' })).toBe(true)
    // the previous account's cart count is gone before the new one arrives
    expect(selectStartup(actor.getSnapshot()).cartNumber).toBe(0)
    const snapshot = await waitFor(actor, (s) => isReady(s) && s.context.startup.cartNumber === 9)

    expect(calls.loadStartup).toHaveBeenLastCalledWith(other)
    expect(calls.loadVipInfo).toHaveBeenCalledWith(other)
    expect(selectClaims(snapshot)?.sub).toBe('77')
    expect(snapshot.context.token).toBe(other)
    expect(actions.persistToken).toHaveBeenCalledWith(other)
    expect(actions.clearUserCaches).toHaveBeenCalledOnce()
    // the previous account's unsent cart changes go with it
    expect(actions.forgetUserCart).toHaveBeenCalledOnce()
  })
})

describe('session machine: startup data', () => {
  it('keeps the user signed in when the startup load fails, and retries on RELOAD_STARTUP', async () => {
    let attempts = 0
    const { start, calls } = harness({
      loadStartup: () => {
        attempts += 1
        return attempts === 1 ? Promise.reject(new Error('500')) : Promise.resolve(STARTUP)
      },
    })
    const actor = start(tokenFor(claimsOf()))

    const failed = await waitFor(actor, (s) => s.matches({ signedIn: 'startupFailed' }))
    expect(failed.context.startupError).toBe(true)
    expect(selectIsSignedIn(failed)).toBe(true)
    expect(selectClaims(failed)).toEqual(claimsOf())

    actor.send({ type: 'RELOAD_STARTUP' })
    const ready = await waitFor(actor, isReady)
    expect(calls.loadStartup).toHaveBeenCalledTimes(2)
    expect(ready.context.startupError).toBe(false)
    expect(selectStartup(ready)).toEqual(STARTUP)
  })

  it('refetches on RELOAD_STARTUP when ready, keeping the current data on screen meanwhile', async () => {
    const reload = deferred<StartupData>()
    let attempts = 0
    const { start, calls } = harness({
      loadStartup: () => {
        attempts += 1
        return attempts === 1 ? Promise.resolve(STARTUP) : reload.promise
      },
    })
    const actor = start(tokenFor(claimsOf()))
    await waitFor(actor, isReady)

    actor.send({ type: 'RELOAD_STARTUP' })
    expect(actor.getSnapshot().matches({ signedIn: 'loadingStartup' })).toBe(true)
    expect(selectStartup(actor.getSnapshot())).toEqual(STARTUP)

    reload.resolve({ ...STARTUP, extraPayCount: 4 })
    const snapshot = await waitFor(actor, isReady)
    expect(calls.loadStartup).toHaveBeenCalledTimes(2)
    expect(selectStartup(snapshot).extraPayCount).toBe(4)
  })

  it('applies a patch such as a new cart count', async () => {
    const { start } = harness()
    const actor = start(tokenFor(claimsOf()))
    await waitFor(actor, isReady)

    actor.send({ type: 'STARTUP_PATCHED', patch: { cartNumber: 5 } })

    expect(selectStartup(actor.getSnapshot())).toEqual({ ...STARTUP, cartNumber: 5 })
  })

  it('patches the badge counts and hands the counts on screen to the next load', async () => {
    const { start, shownAtLoad } = harness()
    const actor = start(tokenFor(claimsOf()))
    await waitFor(actor, isReady)
    expect(shownAtLoad).toEqual([EMPTY_STARTUP])

    const counts = {
      orderFinalCount: 5,
      orderFinalOverCount: 3,
      applyCount: 7,
      applyOverCount: 2,
      expressCount: 1,
      expressOverCount: 1,
    }
    actor.send({ type: 'STARTUP_PATCHED', patch: counts })
    expect(selectStartup(actor.getSnapshot())).toEqual({ ...STARTUP, ...counts })

    actor.send({ type: 'RELOAD_STARTUP' })
    await waitFor(actor, isReady)
    // the feature's load keeps these when the count calls fail
    expect(shownAtLoad[1]).toMatchObject(counts)
    expect(selectStartup(actor.getSnapshot())).toEqual(STARTUP)
  })

  it('starts another account from no badge counts', async () => {
    const other = tokenFor(claimsOf({ sub: '43', sid: 'session-b' }))
    const { start, shownAtLoad } = harness()
    const actor = start(tokenFor(claimsOf()))
    await waitFor(actor, isReady)
    actor.send({
      type: 'STARTUP_PATCHED',
      patch: { orderFinalCount: 5, orderFinalOverCount: 3, applyCount: 2, expressCount: 4 },
    })

    actor.send({ type: 'SIGNED_IN', token: other })
    expect(selectStartup(actor.getSnapshot())).toMatchObject({
      orderFinalCount: 0,
      orderFinalOverCount: 0,
      applyCount: 0,
      applyOverCount: 0,
      expressCount: 0,
      expressOverCount: 0,
    })
    await waitFor(actor, isReady)
    expect(shownAtLoad.at(-1)).toEqual(EMPTY_STARTUP)
  })
})

describe('session machine: token renewal', () => {
  it('swaps the token and claims without reloading the startup data', async () => {
    const { start, calls, actions } = harness()
    const actor = start(tokenFor(claimsOf()))
    await waitFor(actor, isReady)
    const renewed = tokenFor(claimsOf({ nickname: '新名字', iat: NOW_SECONDS, exp: NOW_SECONDS + 7200 }))

    actor.send({ type: 'TOKEN_RENEWED', token: renewed })
    await settle()

    const snapshot = actor.getSnapshot()
    expect(snapshot.context.token).toBe(renewed)
    expect(selectClaims(snapshot)?.nickname).toBe('新名字')
    expect(selectClaims(snapshot)?.exp).toBe(NOW_SECONDS + 7200)
    expect(actions.persistToken).toHaveBeenCalledWith(renewed)
    expect(isReady(snapshot)).toBe(true)
    expect(calls.loadStartup).toHaveBeenCalledOnce()
  })

  it('takes a profile token the same way', async () => {
    const { start, actions } = harness()
    const actor = start(tokenFor(claimsOf()))
    await waitFor(actor, isReady)
    const changed = tokenFor(claimsOf({ avatar: '/media/avatars/42.png', wechat: true }))

    actor.send({ type: 'PROFILE_CHANGED', token: changed })

    expect(selectClaims(actor.getSnapshot())?.avatar).toBe('/media/avatars/42.png')
    expect(actions.persistToken).toHaveBeenCalledWith(changed)
  })

  it('ignores a renewed token that does not decode or belongs to another session', async () => {
    const { start, actions } = harness()
    const token = tokenFor(claimsOf())
    const actor = start(token)
    await waitFor(actor, isReady)

    actor.send({ type: 'TOKEN_RENEWED', token: 'garbage' })
    actor.send({ type: 'TOKEN_RENEWED', token: tokenFor(claimsOf({ sid: 'session-old' })) })

    expect(actor.getSnapshot().context.token).toBe(token)
    expect(actions.persistToken).not.toHaveBeenCalled()
  })

  it('ignores a renewed token while signed out', () => {
    const { start } = harness()
    const actor = start(null)

    actor.send({ type: 'TOKEN_RENEWED', token: tokenFor(claimsOf()) })

    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actor.getSnapshot().context.token).toBeNull()
  })
})

describe('session machine: the session ends', () => {
  it('on 9004 forgets the token, clears the user state and caches and goes to the login page', async () => {
    const { start, actions, effects } = harness()
    const actor = start(tokenFor(claimsOf()))
    await waitFor(actor, isReady)

    actor.send({ type: 'SESSION_EXPIRED' })

    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('signedOut')
    expect(snapshot.context).toEqual({
      token: null,
      claims: null,
      startup: EMPTY_STARTUP,
      startupError: false,
    })
    // the unsent cart stays: the same shopper logging in again sends it (another account drops it)
    expect(effects).toEqual(['forgetToken', 'clearUserCaches', 'notifySessionExpired', 'goToLogin'])
    expect(actions.goHome).not.toHaveBeenCalled()
  })

  it('on 9005 forgets the token, clears the user state and caches and goes home', async () => {
    const { start, actions, effects } = harness()
    const actor = start(tokenFor(claimsOf()))
    await waitFor(actor, isReady)

    actor.send({ type: 'ACCOUNT_DISABLED' })

    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('signedOut')
    expect(snapshot.context).toEqual({
      token: null,
      claims: null,
      startup: EMPTY_STARTUP,
      startupError: false,
    })
    expect(effects).toEqual([
      'forgetToken',
      'clearUserCaches',
      'forgetUserCart',
      'notifyAccountDisabled',
      'goHome',
    ])
    expect(actions.goToLogin).not.toHaveBeenCalled()
  })

  it('forgets a session the server ended elsewhere without a server call or leaving the page', async () => {
    const { start, calls, effects } = harness()
    const actor = start(tokenFor(claimsOf()))
    await waitFor(actor, isReady)

    actor.send({ type: 'SESSION_ENDED_ELSEWHERE' })

    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actor.getSnapshot().context.token).toBeNull()
    expect(effects).toEqual(['forgetToken', 'forgetPackagingQuery', 'clearUserCaches', 'forgetUserCart'])
    expect(calls.signOut).not.toHaveBeenCalled()
  })

  it('on 9004 during the startup load drops the load', async () => {
    const load = deferred<StartupData>()
    const { start } = harness({ loadStartup: () => load.promise })
    const actor = start(tokenFor(claimsOf()))

    actor.send({ type: 'SESSION_EXPIRED' })
    load.resolve(STARTUP)
    await settle()

    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(selectStartup(actor.getSnapshot())).toEqual(EMPTY_STARTUP)
  })

  it('logs out: tells the server, then forgets the token, the packaging query and the caches, and goes home', async () => {
    const exit = deferred<void>()
    const { start, calls, effects } = harness({ signOut: () => exit.promise })
    const token = tokenFor(claimsOf())
    const actor = start(token)
    await waitFor(actor, isReady)

    actor.send({ type: 'LOG_OUT' })
    expect(actor.getSnapshot().value).toBe('signingOut')
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false)
    expect(calls.signOut).toHaveBeenCalledWith(token)
    expect(effects).toEqual([])

    exit.resolve()
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'))
    expect(effects).toEqual([
      'forgetToken',
      'forgetPackagingQuery',
      'clearUserCaches',
      'forgetUserCart',
      'goHome',
    ])
    expect(snapshot.context).toEqual({
      token: null,
      claims: null,
      startup: EMPTY_STARTUP,
      startupError: false,
    })
  })

  it('logs out on this device even when the server call fails', async () => {
    const { start, calls, effects } = harness({ signOut: () => Promise.reject(new Error('offline')) })
    const token = tokenFor(claimsOf())
    const actor = start(token)
    await waitFor(actor, isReady)

    actor.send({ type: 'LOG_OUT' })
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'))

    expect(calls.signOut).toHaveBeenCalledWith(token)
    expect(effects).toEqual([
      'forgetToken',
      'forgetPackagingQuery',
      'clearUserCaches',
      'forgetUserCart',
      'goHome',
    ])
    expect(snapshot.context.token).toBeNull()
    expect(snapshot.status).toBe('active')
  })

  it('drops a VIP reload that lands after logging out, even once another account signed in', async () => {
    const firstVipInfo = deferred<VipInfo>()
    const secondVipInfo = deferred<VipInfo>()
    const pending = [firstVipInfo, secondVipInfo]
    const { start } = harness({
      loadVipInfo: () => pending.shift()?.promise ?? Promise.reject(new Error('extra')),
    })
    const actor = start(null)
    actor.send({ type: 'SIGNED_IN', token: tokenFor(claimsOf()) })
    await waitFor(actor, isReady)

    actor.send({ type: 'LOG_OUT' })
    await waitFor(actor, (s) => s.matches('signedOut'))
    actor.send({ type: 'SIGNED_IN', token: tokenFor(claimsOf({ sub: '77', sid: 'session-b' })) })
    await waitFor(actor, isReady)
    firstVipInfo.resolve(FRESH_VIP_INFO)
    await settle()

    expect(selectStartup(actor.getSnapshot())).toEqual(STARTUP)
    secondVipInfo.resolve({ vipList: [], payInfo: null })
    await waitFor(actor, (s) => s.context.startup.payInfo === null)
  })
})

describe('session machine: persisted snapshot', () => {
  it('restores a ready session with the same claims and startup data, without loading again', async () => {
    const vipInfo = deferred<VipInfo>()
    const first = harness({ loadVipInfo: () => vipInfo.promise })
    const token = tokenFor(claimsOf())
    const actor = first.start(null)
    actor.send({ type: 'SIGNED_IN', token })
    await waitFor(actor, isReady)
    vipInfo.resolve(FRESH_VIP_INFO)
    const before = await waitFor(actor, (s) => s.context.startup.vipList.length === 2)
    const stored = JSON.stringify(actor.getPersistedSnapshot())
    actor.stop()

    const second = harness()
    const snapshot: Snapshot<unknown> = JSON.parse(stored)
    const restored = createActor(second.machine, { snapshot, input: { token, nowMs: NOW_MS } }).start()
    await settle()

    const after = restored.getSnapshot()
    expect(isReady(after)).toBe(true)
    expect(selectClaims(after)).toEqual(selectClaims(before))
    expect(selectStartup(after)).toEqual(selectStartup(before))
    expect(after.context.token).toBe(token)
    expect(second.calls.loadStartup).not.toHaveBeenCalled()
    expect(second.calls.loadVipInfo).not.toHaveBeenCalled()

    // and it keeps working as a live session
    restored.send({ type: 'LOG_OUT' })
    await waitFor(restored, (s) => s.matches('signedOut'))
    expect(second.calls.signOut).toHaveBeenCalledWith(token)
  })

  /** What IndexedDB would hold of a session that settled (startup loaded), as the feature saves it. */
  async function settledSession(token: string): Promise<PersistedSession> {
    const actor = harness().start(token)
    await waitFor(actor, isReady)
    const persisted = parsePersistedSession(structuredClone(actor.getPersistedSnapshot()))
    actor.stop()
    if (!persisted) throw new Error('a ready session is persistable')
    return persisted
  }

  it('persists only settled signed-in states: nothing in flight that a restore would replay', async () => {
    const startup = deferred<StartupData>()
    const { start } = harness({ loadStartup: () => startup.promise })
    const actor = start(tokenFor(claimsOf()))
    expect(isSettledSignedIn(actor.getSnapshot())).toBe(false)
    expect(parsePersistedSession(actor.getPersistedSnapshot())).toBeUndefined()
    startup.reject(new Error('offline'))
    const failed = await waitFor(actor, (s) => s.matches({ signedIn: 'startupFailed' }))
    expect(isSettledSignedIn(failed)).toBe(true)
    expect(parsePersistedSession(actor.getPersistedSnapshot())).toBeDefined()

    const signedOut = harness().start(null)
    expect(isSettledSignedIn(signedOut.getSnapshot())).toBe(false)
    expect(parsePersistedSession(signedOut.getPersistedSnapshot())).toBeUndefined()
  })

  it('reads no damaged snapshot', async () => {
    const persisted = await settledSession(tokenFor(claimsOf()))
    expect(parsePersistedSession(persisted)).toEqual(persisted)
    expect(parsePersistedSession({ ...persisted, value: 'signedIn' })).toBeUndefined()
    expect(
      parsePersistedSession({ ...persisted, context: { ...persisted.context, token: null } }),
    ).toBeUndefined()
    const { cartNumber: _, ...startupWithoutCount } = persisted.context.startup
    expect(
      parsePersistedSession({
        ...persisted,
        context: { ...persisted.context, startup: startupWithoutCount },
      }),
    ).toBeUndefined()
    const counts = [
      'orderFinalCount',
      'orderFinalOverCount',
      'applyCount',
      'applyOverCount',
      'expressCount',
      'expressOverCount',
    ] as const
    for (const field of counts) {
      const { [field]: _count, ...withoutField } = persisted.context.startup
      expect(
        parsePersistedSession({ ...persisted, context: { ...persisted.context, startup: withoutField } }),
      ).toBeUndefined()
      expect(
        parsePersistedSession({
          ...persisted,
          context: { ...persisted.context, startup: { ...persisted.context.startup, [field]: '2' } },
        }),
      ).toBeUndefined()
    }
    expect(parsePersistedSession('session')).toBeUndefined()
  })

  it('restores the same login with the stored token, which stays the authority', async () => {
    const persisted = await settledSession(tokenFor(claimsOf()))
    // another tab renewed the token since: same account, same session, a later expiry
    const renewed = tokenFor(claimsOf({ exp: NOW_SECONDS + 7200, nickname: '小樱 2' }))

    const snapshot = restorableSession(persisted, renewed, NOW_MS)

    const { machine, calls } = harness()
    const actor = createActor(machine, { snapshot, input: { token: renewed, nowMs: NOW_MS } }).start()
    expect(isReady(actor.getSnapshot())).toBe(true)
    expect(actor.getSnapshot().context.token).toBe(renewed)
    expect(selectClaims(actor.getSnapshot())?.nickname).toBe('小樱 2')
    expect(selectStartup(actor.getSnapshot())).toEqual(STARTUP)
    await settle()
    expect(calls.loadStartup).not.toHaveBeenCalled()
  })

  it('restores nothing for another login, no stored token or an expired one', async () => {
    const persisted = await settledSession(tokenFor(claimsOf()))
    expect(restorableSession(persisted, null, NOW_MS)).toBeUndefined()
    expect(restorableSession(persisted, tokenFor(claimsOf({ sid: 'session-b' })), NOW_MS)).toBeUndefined()
    expect(restorableSession(persisted, tokenFor(claimsOf({ sub: '43' })), NOW_MS)).toBeUndefined()
    expect(restorableSession(persisted, tokenFor(claimsOf({ exp: NOW_SECONDS - 1 })), NOW_MS)).toBeUndefined()
    expect(restorableSession(persisted, 'not a token', NOW_MS)).toBeUndefined()
    expect(restorableSession(undefined, tokenFor(claimsOf()), NOW_MS)).toBeUndefined()
  })

  it('does not replay a VIP reload that was in flight when the session was saved', async () => {
    const vipInfo = deferred<VipInfo>()
    const first = harness({ loadVipInfo: () => vipInfo.promise })
    const token = tokenFor(claimsOf())
    const actor = first.start(null)
    actor.send({ type: 'SIGNED_IN', token })
    await waitFor(actor, isReady)
    const persisted = parsePersistedSession(structuredClone(actor.getPersistedSnapshot()))
    expect(Object.keys(persisted?.children ?? {})).toContain('vipInfoReload')

    const second = harness()
    const snapshot = restorableSession(persisted, token, NOW_MS)
    createActor(second.machine, { snapshot, input: { token, nowMs: NOW_MS } }).start()
    await settle()
    expect(second.calls.loadVipInfo).not.toHaveBeenCalled()
  })
})

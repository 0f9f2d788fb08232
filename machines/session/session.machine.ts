import {
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  fromPromise,
  type SnapshotFrom,
  setup,
  spawnChild,
  stopChild,
} from 'xstate'
import type { ChargeSettings } from '../../src/domain/pricing.ts'
import { isExpiredAt, type PayInfo, readSessionClaims, type SessionClaims } from '../../src/domain/session.ts'
import type { VipLevel } from '../../src/domain/tiers.ts'

/** What the app loads once signed in (spec §4 'Startup'; the category tree is not the user's). */
export interface StartupData {
  /** Sum of productAmount over the cart lines. */
  cartNumber: number
  addressCount: number
  extraPayCount: number
  /** Balances due on the shopper's operable orders (GET /mall/order/finalCount `count`): the orders badge. */
  orderFinalCount: number
  /** Those of them past the balance due date (`overCount`). */
  orderFinalOverCount: number
  /**
   * Orders in 6 finalPay not yet requested for packaging (GET /mall/package_apply/notifyCount
   * `applyCount`): the packaging badge.
   */
  applyCount: number
  /** Those of them past the packaging deadline (`applyOverCount`). */
  applyOverCount: number
  /** Packages in 3 with the shipping fee unpaid (`count`): the package-shipping badge. */
  expressCount: number
  /** Those of them past the fee's due date (`overCount`). */
  expressOverCount: number
  charge: ChargeSettings | null
  vipList: VipLevel[]
  payInfo: PayInfo | null
}

/** The VIP part of the startup data, reloaded on every login (spec §4 'Startup'). */
export type VipInfo = Pick<StartupData, 'vipList' | 'payInfo'>

export const EMPTY_STARTUP: StartupData = {
  cartNumber: 0,
  addressCount: 0,
  extraPayCount: 0,
  orderFinalCount: 0,
  orderFinalOverCount: 0,
  applyCount: 0,
  applyOverCount: 0,
  expressCount: 0,
  expressOverCount: 0,
  charge: null,
  vipList: [],
  payInfo: null,
}

export interface SessionInput {
  /** The stored token, if any. */
  token: string | null
  /** The clock at start, so an expired stored token never reaches the server. */
  nowMs: number
}

export interface SessionContext {
  token: string | null
  claims: SessionClaims | null
  startup: StartupData
  /** The last startup load failed (the user stays signed in and may retry). */
  startupError: boolean
}

export type SessionEvent =
  /** Login or registration succeeded. */
  | { type: 'SIGNED_IN'; token: string }
  /** A response header carried a fresh token of the same session. */
  | { type: 'TOKEN_RENEWED'; token: string }
  /** The profile changed and the server sent a token showing it (same session). */
  | { type: 'PROFILE_CHANGED'; token: string }
  /** Code 9004. */
  | { type: 'SESSION_EXPIRED' }
  /** Code 9005. */
  | { type: 'ACCOUNT_DISABLED' }
  | { type: 'LOG_OUT' }
  /**
   * The server already ended every session of the account (its e-mail changed): forget it here
   * without a server call and without leaving the page, which tells the user what happened.
   */
  | { type: 'SESSION_ENDED_ELSEWHERE' }
  | { type: 'RELOAD_STARTUP' }
  /** Part of the startup data changed (e.g. the cart count after adding to the cart). */
  | { type: 'STARTUP_PATCHED'; patch: Partial<StartupData> }

/** Id of the VIP-info reload spawned by a login. */
const VIP_RELOAD_ID = 'vipInfoReload'

/** Completion of the spawned VIP-info reload; sent by xstate itself, not by callers. */
type VipReloadEvent =
  | DoneActorEvent<VipInfo, typeof VIP_RELOAD_ID>
  | ErrorActorEvent<unknown, typeof VIP_RELOAD_ID>

interface TokenParams {
  token: string
}

/**
 * What the startup load is given: the token, and the data on screen now, so a part that fails to load
 * can keep its last known value (the badge counts) rather than drop to nothing.
 */
export interface StartupLoadInput extends TokenParams {
  current: StartupData
}

const tokenOfEvent = ({ event }: { event: TokenParams }): TokenParams => ({ token: event.token })

/** In every signed-in state the context holds the token; a null there is a bug, not a user state. */
function signedInToken(context: SessionContext): TokenParams {
  if (context.token === null) throw new Error('session machine: signed in without a token')
  return { token: context.token }
}

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`session machine: actor '${name}' not provided`))
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent | VipReloadEvent,
    input: {} as SessionInput,
  },
  actors: {
    loadStartup: fromPromise<StartupData, StartupLoadInput>(() => notProvided('loadStartup')),
    loadVipInfo: fromPromise<VipInfo, TokenParams>(() => notProvided('loadVipInfo')),
    /** POST /mall/user/exit */
    signOut: fromPromise<void, TokenParams>(() => notProvided('signOut')),
  },
  actions: {
    persistToken: (_, _params: TokenParams) => {},
    forgetToken: () => {},
    forgetPackagingQuery: () => {},
    clearUserCaches: () => {},
    /** The cart kept offline (unsent changes) belongs to the shopper who leaves: drop it. */
    forgetUserCart: () => {},
    goToLogin: () => {},
    goHome: () => {},
    // the API client already toasts 9004 and 9005; these are hooks for anything more
    notifySessionExpired: () => {},
    notifyAccountDisabled: () => {},
    adoptToken: assign((_, params: TokenParams) => ({
      token: params.token,
      claims: readSessionClaims(params.token) ?? null,
    })),
    clearSession: assign({ token: null, claims: null, startup: EMPTY_STARTUP, startupError: false }),
    reloadVipInfo: spawnChild('loadVipInfo', {
      id: VIP_RELOAD_ID,
      input: ({ context }) => signedInToken(context),
    }),
    dropVipReload: stopChild(VIP_RELOAD_ID),
    mergeVipInfo: assign(({ context }, params: VipInfo) => ({
      startup: { ...context.startup, vipList: params.vipList, payInfo: params.payInfo },
    })),
  },
  guards: {
    hasUsableSession: ({ context }) => context.claims !== null,
    hasToken: ({ context }) => context.token !== null,
    isReadableToken: (_, params: TokenParams) => readSessionClaims(params.token) !== undefined,
    /** A renewal or profile token must belong to the current session: a late one of another is dropped. */
    isOfCurrentSession: ({ context }, params: TokenParams) => {
      const next = readSessionClaims(params.token)
      return next !== undefined && next.sid === context.claims?.sid && next.sub === context.claims.sub
    },
    isAnotherAccount: ({ context }, params: TokenParams) => {
      const next = readSessionClaims(params.token)
      return next !== undefined && (next.sub !== context.claims?.sub || next.kind !== context.claims.kind)
    },
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const claims = input.token === null ? undefined : readSessionClaims(input.token)
    const usable = claims !== undefined && !isExpiredAt(claims, input.nowMs)
    return {
      token: input.token,
      claims: usable ? claims : null,
      startup: EMPTY_STARTUP,
      startupError: false,
    }
  },
  initial: 'starting',
  on: {
    // a failed reload changes nothing: the startup load carries the VIP info too and reports its own failure
    'xstate.error.actor.vipInfoReload': { actions: 'dropVipReload' },
  },
  states: {
    starting: {
      always: [
        { guard: 'hasUsableSession', target: 'signedIn' },
        { guard: 'hasToken', target: 'signedOut', actions: ['forgetToken', 'clearSession'] },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      on: {
        SIGNED_IN: {
          guard: { type: 'isReadableToken', params: tokenOfEvent },
          target: 'signedIn',
          actions: [
            { type: 'persistToken', params: tokenOfEvent },
            // the cached lists hold a visitor's answers, without prices
            'clearUserCaches',
            { type: 'adoptToken', params: tokenOfEvent },
            'reloadVipInfo',
          ],
        },
      },
    },
    signedIn: {
      initial: 'loadingStartup',
      exit: 'dropVipReload',
      on: {
        SIGNED_IN: [
          {
            guard: { type: 'isAnotherAccount', params: tokenOfEvent },
            target: 'signedIn',
            reenter: true,
            actions: [
              { type: 'persistToken', params: tokenOfEvent },
              // the previous account's cart, addresses and prices must not show for this one
              'clearUserCaches',
              'forgetUserCart',
              'clearSession',
              { type: 'adoptToken', params: tokenOfEvent },
              'reloadVipInfo',
            ],
          },
          {
            guard: { type: 'isReadableToken', params: tokenOfEvent },
            target: 'signedIn',
            reenter: true,
            actions: [
              { type: 'persistToken', params: tokenOfEvent },
              { type: 'adoptToken', params: tokenOfEvent },
              'reloadVipInfo',
            ],
          },
        ],
        TOKEN_RENEWED: {
          guard: { type: 'isOfCurrentSession', params: tokenOfEvent },
          actions: [
            { type: 'persistToken', params: tokenOfEvent },
            { type: 'adoptToken', params: tokenOfEvent },
          ],
        },
        PROFILE_CHANGED: {
          guard: { type: 'isOfCurrentSession', params: tokenOfEvent },
          actions: [
            { type: 'persistToken', params: tokenOfEvent },
            { type: 'adoptToken', params: tokenOfEvent },
          ],
        },
        SESSION_EXPIRED: {
          target: 'signedOut',
          actions: ['forgetToken', 'clearUserCaches', 'clearSession', 'notifySessionExpired', 'goToLogin'],
        },
        ACCOUNT_DISABLED: {
          target: 'signedOut',
          actions: [
            'forgetToken',
            'clearUserCaches',
            'forgetUserCart',
            'clearSession',
            'notifyAccountDisabled',
            'goHome',
          ],
        },
        LOG_OUT: 'signingOut',
        SESSION_ENDED_ELSEWHERE: {
          target: 'signedOut',
          actions: [
            'forgetToken',
            'forgetPackagingQuery',
            'clearUserCaches',
            'forgetUserCart',
            'clearSession',
          ],
        },
        // the data on screen stays until the new load lands
        RELOAD_STARTUP: '.loadingStartup',
        STARTUP_PATCHED: {
          actions: assign(({ context, event }) => ({ startup: { ...context.startup, ...event.patch } })),
        },
        'xstate.done.actor.vipInfoReload': {
          actions: [{ type: 'mergeVipInfo', params: ({ event }) => event.output }, 'dropVipReload'],
        },
      },
      states: {
        loadingStartup: {
          invoke: {
            src: 'loadStartup',
            input: ({ context }) => ({ ...signedInToken(context), current: context.startup }),
            // replaces the whole data, VIP part included: it is as fresh as a login's VIP reload
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({ startup: event.output, startupError: false })),
            },
            onError: { target: 'startupFailed', actions: assign({ startupError: true }) },
          },
        },
        ready: {},
        startupFailed: {},
      },
    },
    signingOut: {
      invoke: {
        src: 'signOut',
        input: ({ context }) => signedInToken(context),
        // the server revokes the session either way once it hears of it; a failed call must not keep
        // the user signed in on this device
        onDone: {
          target: 'signedOut',
          actions: [
            'forgetToken',
            'forgetPackagingQuery',
            'clearUserCaches',
            'forgetUserCart',
            'clearSession',
            'goHome',
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            'forgetToken',
            'forgetPackagingQuery',
            'clearUserCaches',
            'forgetUserCart',
            'clearSession',
            'goHome',
          ],
        },
      },
    },
  },
})

export type SessionMachine = typeof sessionMachine
export type SessionSnapshot = SnapshotFrom<SessionMachine>

/** Signed in (also while the startup data loads or after it failed); false while signing out. */
export function selectIsSignedIn(snapshot: SessionSnapshot): boolean {
  return snapshot.matches('signedIn')
}

/** The signed-in user's claims; null when signed out or signing out. */
export function selectClaims(snapshot: SessionSnapshot): SessionClaims | null {
  return selectIsSignedIn(snapshot) ? snapshot.context.claims : null
}

export function selectStartup(snapshot: SessionSnapshot): StartupData {
  return snapshot.context.startup
}

import { createActor, fromPromise } from 'xstate'
import {
  EMPTY_STARTUP,
  type StartupData,
  sessionMachine,
  type VipInfo,
} from '../../../../machines/session/session.machine.ts'
import { readSessionClaims } from '../../../domain/session.ts'
import { configureSession } from '../../../lib/api-client.ts'
import { clearStoredToken, readStoredToken, storeToken } from '../../../lib/session-token.ts'
import { clearUserCaches, forgetPackagingQuery } from '../../../lib/user-storage.ts'
import { getPayInfo } from '../api/get-pay-info.ts'
import { getVipLevels } from '../api/get-vip-levels.ts'
import { logOut } from '../api/log-out.ts'

export type SessionActor = ReturnType<typeof createSession>

export interface SessionNavigation {
  /** Spec §8: a session timeout goes to /login (we add where the shopper was, to come back to it). */
  goToLogin(): void
  /** A disabled account or a logout goes to /. */
  goHome(): void
}

// Quiet: a failed background load must not toast over the page; the session shows its own retry.
const quiet = { systemNotify: false } as const

async function fetchVipInfo(): Promise<VipInfo> {
  const [vipList, payInfo] = await Promise.all([getVipLevels(quiet), getPayInfo(quiet)])
  return { vipList, payInfo }
}

/**
 * One VIP-info fetch at a time. A login starts the startup loads and the VIP reload together; two
 * identical calls in flight would make the API client abort the first (spec §7), so they share one.
 */
function sharedVipInfo(): () => Promise<VipInfo> {
  let inFlight: Promise<VipInfo> | undefined
  return () => {
    inFlight ??= fetchVipInfo().finally(() => {
      inFlight = undefined
    })
    return inFlight
  }
}

/**
 * Starts the session of this tab from the stored token and connects it to the API client: a token in
 * any response renews it (or signs in, when it names another session), 9004 and 9005 end it.
 */
export function createSession(navigation: SessionNavigation) {
  const loadVipInfo = sharedVipInfo()
  /**
   * The startup loads (spec §4 'Startup'). Pay info and the VIP levels exist today; the cart, address,
   * extra-pay and charge loads join this list with their own features.
   */
  const loadStartup = async (): Promise<StartupData> => ({ ...EMPTY_STARTUP, ...(await loadVipInfo()) })
  const machine = sessionMachine.provide({
    actors: {
      loadStartup: fromPromise(loadStartup),
      loadVipInfo: fromPromise(loadVipInfo),
      signOut: fromPromise(async () => {
        await logOut()
      }),
    },
    actions: {
      persistToken: (_, params: { token: string }) => storeToken(params.token),
      forgetToken: () => clearStoredToken(),
      forgetPackagingQuery: () => forgetPackagingQuery(),
      clearUserCaches: () => void clearUserCaches(),
      goToLogin: () => navigation.goToLogin(),
      goHome: () => navigation.goHome(),
    },
  })
  const actor = createActor(machine, { input: { token: readStoredToken(), nowMs: Date.now() } })
  configureSession({
    onToken(token) {
      const current = actor.getSnapshot().context.claims
      const next = readSessionClaims(token)
      const sameSession = current && next && current.sid === next.sid && current.sub === next.sub
      actor.send(sameSession ? { type: 'TOKEN_RENEWED', token } : { type: 'SIGNED_IN', token })
    },
    onSessionExpired: () => actor.send({ type: 'SESSION_EXPIRED' }),
    onAccountDisabled: () => actor.send({ type: 'ACCOUNT_DISABLED' }),
  })
  actor.start()
  return actor
}

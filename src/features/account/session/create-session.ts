import { type ActorRefFrom, createActor, fromPromise } from 'xstate'
import { hasUnsentChanges } from '../../../../machines/cart/cart-saved-state.ts'
import {
  EMPTY_STARTUP,
  type SessionSnapshot,
  type StartupData,
  type StartupLoadInput,
  sessionMachine,
  type VipInfo,
} from '../../../../machines/session/session.machine.ts'
import {
  isSettledSignedIn,
  parsePersistedSession,
  restorableSession,
  SESSION_MACHINE_VERSION,
  sessionIdentity,
} from '../../../../machines/session/session-saved-state.ts'
import { cartNumber } from '../../../domain/cart.ts'
import type { ChargeSettings } from '../../../domain/pricing.ts'
import { readSessionClaims } from '../../../domain/session.ts'
import { configureSession } from '../../../lib/api-client.ts'
import { currentLanguage } from '../../../lib/i18n.ts'
import { forgetAllSnapshots, persistedSnapshots } from '../../../lib/persisted-snapshot.ts'
import { clearStoredToken, readStoredToken, storeToken } from '../../../lib/session-token.ts'
import { clearUserCaches, forgetPackagingQuery } from '../../../lib/user-storage.ts'
import { listAddresses } from '../../addresses/api/list-addresses.ts'
import { listCartAtStartup } from '../../cart/api/list-cart.ts'
import { getChargeDetails } from '../api/get-charge-details.ts'
import { getPayInfo } from '../api/get-pay-info.ts'
import { getVipLevels } from '../api/get-vip-levels.ts'
import { logOut } from '../api/log-out.ts'
import { keepBadgeCountsFresh, loadBadgeCounts } from './badge-count-sync.ts'
import { cartLinkFor, savedCart } from './cart-link.ts'
import type { CartSessionLink } from './cart-session-link.ts'

export type SessionActor = Awaited<ReturnType<typeof createSession>>

export interface SessionNavigation {
  /** Spec §8: a session timeout goes to /login (we add where the shopper was, to come back to it). */
  goToLogin(): void
  /** A disabled account or a logout goes to /. */
  goHome(): void
  /**
   * Someone signed in or out: the open page loads its data again, so prices appear or disappear
   * (the server answers each caller with what they may see).
   */
  reloadPage(): void
}

// Quiet: a failed background load must not toast over the page; the session shows its own retry.
const quiet = { systemNotify: false } as const

/** The shopper's charge settings; without them the pages show no rate or fees, so a failure is quiet. */
async function fetchCharge(): Promise<ChargeSettings | null> {
  try {
    return await getChargeDetails(quiet)
  } catch {
    return null
  }
}

/** The header's cart count; a failed load shows none rather than a stale one. */
async function fetchCartNumber(owner: string | null): Promise<number> {
  try {
    return cartNumber(await listCartAtStartup(owner, currentLanguage(), quiet))
  } catch {
    return 0
  }
}

/** How many addresses the shopper keeps (checkout asks for one). */
async function fetchAddressCount(): Promise<number> {
  try {
    return (await listAddresses(quiet)).length
  } catch {
    return 0
  }
}

async function fetchVipInfo(): Promise<VipInfo> {
  const [vipList, payInfo] = await Promise.all([getVipLevels(quiet), getPayInfo(quiet)])
  return { vipList, payInfo }
}

/**
 * The session as last settled (claims and startup data), so a reload (an update, an offline start)
 * shows the signed-in shell at once. It never outlives the login: signed out, or another login, it is
 * forgotten.
 */
const savedSession = persistedSnapshots({
  key: 'session',
  version: SESSION_MACHINE_VERSION,
  parse: parsePersistedSession,
})

/**
 * Keeps the persisted session in step with the actor: saved when settled signed in; kept while the
 * same login reloads its startup data (what shows stays until the new load lands); forgotten otherwise
 * (signed out, signing out, another account signing in), so no personal field outlives the login.
 */
function persistSession(actor: ActorRefFrom<typeof sessionMachine>): void {
  // What was last written, to skip writes that would change nothing worth keeping: a token renewal
  // alone is not (a restore takes the stored token anyway).
  let saved:
    | { login: string | null; startup?: StartupData; startupError?: boolean; state?: string }
    | undefined
  if (actor.getSnapshot().matches('signedIn')) {
    // restored: IndexedDB holds this very login
    saved = { login: sessionIdentity(actor.getSnapshot().context.claims) }
  }
  actor.subscribe((snapshot) => {
    const login = sessionIdentity(snapshot.context.claims)
    const { startup, startupError } = snapshot.context
    const state = JSON.stringify(snapshot.value)
    if (isSettledSignedIn(snapshot)) {
      const unchanged =
        saved?.login === login &&
        saved.startup === startup &&
        saved.startupError === startupError &&
        saved.state === state
      if (unchanged) return
      const persisted = parsePersistedSession(actor.getPersistedSnapshot())
      if (persisted === undefined) return
      saved = { login, startup, startupError, state }
      void savedSession.save(persisted)
      return
    }
    if (snapshot.matches({ signedIn: 'loadingStartup' }) && login === saved?.login) return
    if (saved?.login === null) return
    saved = { login: null }
    void savedSession.forget()
  })
}

export interface SessionStartOptions {
  /**
   * Resume the session saved by an earlier visit when it is the stored token's login (default). A
   * session started by a login has none to resume: false spares it the IndexedDB read.
   */
  resume?: boolean
}

/**
 * Starts the session of this tab from the stored token and connects it to the API client: a token in
 * any response renews it (or signs in, when it names another session), 9004 and 9005 end it.
 */
export async function createSession(navigation: SessionNavigation, options: SessionStartOptions = {}) {
  /**
   * The startup loads (spec §4 'Startup'): pay info, the VIP levels, the charge settings, the cart,
   * the address list and the badge counts (balances due, orders waiting for packaging, unpaid shipping
   * fees); the extra-pay count joins this list with its own feature. An operator has no cart and no
   * addresses: it is not asked for them (the server would refuse the cart).
   */
  const loadStartup = async ({ input }: { input: StartupLoadInput }): Promise<StartupData> => {
    const claims = readSessionClaims(input.token)
    const shopper = claims?.kind !== 'operator'
    const [vipInfo, charge, cartCount, addressCount, badgeCounts] = await Promise.all([
      fetchVipInfo(),
      fetchCharge(),
      // the cart's owner as the cart link names it (cart-session-link.ts)
      shopper ? fetchCartNumber(claims?.kind === 'customer' ? `customer:${claims.sub}` : null) : 0,
      shopper ? fetchAddressCount() : 0,
      loadBadgeCounts(input.token, input.current),
    ])
    return { ...EMPTY_STARTUP, ...vipInfo, charge, cartNumber: cartCount, addressCount, ...badgeCounts }
  }
  const machine = sessionMachine.provide({
    actors: {
      loadStartup: fromPromise(loadStartup),
      loadVipInfo: fromPromise(fetchVipInfo),
      signOut: fromPromise(async () => {
        // While the token still counts: this device stops getting the shopper's reminders. Its code
        // loads only now; it never fails and waits at most a few seconds.
        await import('../push/forget-this-device.ts').then(
          (push) => push.forgetThisDevice(),
          () => {},
        )
        await logOut()
      }),
    },
    actions: {
      persistToken: (_, params: { token: string }) => storeToken(params.token),
      forgetToken: () => clearStoredToken(),
      forgetPackagingQuery: () => forgetPackagingQuery(),
      clearUserCaches: () => void clearUserCaches(),
      forgetUserCart: () => {
        void savedCart.forget()
        // a checkout in progress (an unpaid order's choices, a payment awaited) is the shopper's too
        void forgetAllSnapshots('checkout:')
      },
      goToLogin: () => navigation.goToLogin(),
      goHome: () => navigation.goHome(),
    },
  })
  const token = readStoredToken()
  const nowMs = Date.now()
  const saved = options.resume === false ? undefined : await savedSession.restore()
  const restored = restorableSession(saved, token, nowMs)
  const actor = createActor(machine, {
    input: { token, nowMs },
    ...(restored ? { snapshot: restored } : {}),
  })
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
  // After a sign-in, a sign-out or a change of account the page's loaders run again. Read from the
  // context rather than the signed-in state: the token is already stored (or already gone) when the
  // caller changes, so the reload asks with the right one; during the logout call it is still the old one.
  let caller = callerOf(actor.getSnapshot())
  actor.subscribe((snapshot) => {
    const next = callerOf(snapshot)
    if (next === caller) return
    caller = next
    navigation.reloadPage()
  })
  persistSession(actor)
  keepBadgeCountsFresh(actor)
  actor.start()
  // The restored shell shows at once; its startup data (cart count, VIP level…) is then read afresh.
  if (restored) actor.send({ type: 'RELOAD_STARTUP' })
  const cartLink = cartLinkFor(actor)
  void resumeUnsentCartChanges(cartLink)
  cartLink.onOwnerChange(() => void resumeUnsentCartChanges(cartLink))
  return actor
}

/**
 * Changes made offline in an earlier visit (or before the session ran out) are sent as soon as the same
 * shopper is signed in again, without waiting for them to open the cart. The cart's code loads only then.
 */
async function resumeUnsentCartChanges(link: CartSessionLink): Promise<void> {
  const owner = link.owner()
  if (owner === null || !hasUnsentChanges(await savedCart.restore(), owner)) return
  const { openCart } = await import('../../cart/cart-store.ts')
  await openCart(link)
}

/** Who the stored token speaks for: a visitor, or one account at one price role. Token renewals keep it. */
function callerOf(snapshot: SessionSnapshot): string {
  const { token, claims } = snapshot.context
  // the price role too: moved to another column, the pages load their prices again
  return token === null || claims === null ? 'visitor' : `${claims.kind}:${claims.sub}:${claims.role}`
}

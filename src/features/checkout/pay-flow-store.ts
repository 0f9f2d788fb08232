import { payFlowView } from '../../../machines/payment/pay-flow.ts'
import type { CartSessionLink } from '../account/session/cart-session-link.ts'

/* A tab's one running paying flow (the checkout, the final payment): saved on every step, resumed
 * after a reload or the payment page, stopped when its shopper signs out. Each flow has its own. */

/** What the store reads of a flow's snapshot: its payment and the states every paying flow has. */
export interface PayFlowSnapshot {
  context: { payment: { paymentId: string } | null }
  matches(state: 'paid' | 'failed' | 'cancelled'): boolean
}

/** The events the store sends a flow: connection back, resume after a restore, back from a gateway. */
type PayFlowEvent = { type: 'ONLINE' } | { type: 'RESUME' } | { type: 'RETURNED'; paymentId: string }

/** What the store does with a flow's actor (an xstate actor of a paying machine). */
export interface PayFlowActor {
  getSnapshot(): PayFlowSnapshot
  getPersistedSnapshot(): unknown
  subscribe(observer: (snapshot: PayFlowSnapshot) => void): { unsubscribe(): void }
  send(event: PayFlowEvent): void
  start(): unknown
  stop(): unknown
}

/** The flow's saved snapshot of one shopper (src/lib/persisted-snapshot.ts). */
interface SavedFlow<Saved> {
  restore(): Promise<Saved | undefined>
  save(saved: Saved): Promise<void>
  forget(): Promise<void>
}

export interface PayFlowStoreOptions<A extends PayFlowActor, Saved, Input> {
  savedOf(owner: string): SavedFlow<Saved>
  /** An actor resuming a saved flow (not started). */
  restored(saved: Saved): A
  /** An actor of a new flow (not started). */
  fresh(input: Input): A
}

type SnapshotOf<A extends PayFlowActor> = ReturnType<A['getSnapshot']>

export function payFlowStore<A extends PayFlowActor, Saved, Input>(
  flow: PayFlowStoreOptions<A, Saved, Input>,
) {
  let open: { owner: string; actor: A; stop(): void } | undefined

  function close(): void {
    open?.stop()
    open = undefined
  }

  /** This tab's flow of the shopper, if one runs. */
  const openFor = (owner: string): A | undefined => (open?.owner === owner ? open.actor : undefined)

  /** Runs a flow as this tab's one, saving every step (and forgetting it once paid). */
  function run(owner: string, actor: A): A {
    close()
    const saved = flow.savedOf(owner)
    const subscription = actor.subscribe((snapshot) => {
      // paid: nothing is left to resume, and a later visit starts from the server
      if (snapshot.matches('paid')) void saved.forget()
      else void saved.save(actor.getPersistedSnapshot() as Saved)
    })
    const backOnline = () => actor.send({ type: 'ONLINE' })
    window.addEventListener('online', backOnline)
    open = {
      owner,
      actor,
      stop() {
        subscription.unsubscribe()
        window.removeEventListener('online', backOnline)
        actor.stop()
      },
    }
    actor.start()
    return actor
  }

  /** The shopper's saved flow as an actor ready to run, if there is one. */
  async function restore(owner: string): Promise<A | undefined> {
    const saved = await flow.savedOf(owner).restore()
    return saved === undefined ? undefined : flow.restored(saved)
  }

  /**
   * This tab's flow when `accept` takes it, else the saved one when `accept` takes it (restored, then
   * told to RESUME: it reads the server before anything else), else a new one from `fresh`.
   */
  async function flowFor(
    owner: string,
    accept: (snapshot: SnapshotOf<A>) => boolean,
    fresh: Input,
  ): Promise<A> {
    const accepted = () => {
      const actor = openFor(owner)
      return actor && accept(actor.getSnapshot() as SnapshotOf<A>) ? actor : undefined
    }
    const running = accepted()
    if (running) return running
    const restored = await restore(owner)
    // another call may have opened an acceptable flow while storage was read
    const openedMeanwhile = accepted()
    if (openedMeanwhile) return openedMeanwhile
    if (restored && accept(restored.getSnapshot() as SnapshotOf<A>)) {
      run(owner, restored)
      restored.send({ type: 'RESUME' })
      return restored
    }
    return run(owner, flow.fresh(fresh))
  }

  /** The flow of a payment the shopper came back from (a result page): it waits for the verdict. */
  async function flowForPayment(owner: string, paymentId: string, fresh: Input): Promise<A> {
    const actor = await flowFor(owner, (s) => s.context.payment?.paymentId === paymentId, fresh)
    const snapshot = payFlowView(actor.getSnapshot())
    const settled = snapshot.matches('paid') || snapshot.matches('failed') || snapshot.matches('cancelled')
    if (!snapshot.matches('returned') && !settled) actor.send({ type: 'RETURNED', paymentId })
    return actor
  }

  const followed = new WeakSet<CartSessionLink>()

  /**
   * Stops this tab's flow once its shopper is no longer the one signed in (a logout, another account):
   * the session forgets the saved flow then, and a flow left running (a result page still polling)
   * would save it again.
   */
  function followSession(link: CartSessionLink): void {
    if (followed.has(link)) return
    followed.add(link)
    link.onOwnerChange(() => {
      if (open && open.owner !== link.owner()) close()
    })
  }

  /** Stops and forgets the shopper's flow. */
  function drop(owner: string): Promise<void> {
    if (open?.owner === owner) close()
    return flow.savedOf(owner).forget()
  }

  return { openFor, run, restore, flowFor, flowForPayment, followSession, drop }
}

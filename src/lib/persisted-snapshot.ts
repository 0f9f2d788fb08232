import { del, delMany, get, keys, set } from 'idb-keyval'

/**
 * Snapshots of the flow machines kept in IndexedDB, so a reload (an update, a closed tab, a payment
 * redirect) resumes where the shopper was. Each entry is stored as `{ version, savedAt, snapshot }`
 * under `snapshot:{key}`; an entry of another version of its machine, or one whose snapshot no longer
 * has the shape the machine reads, is deleted instead of restored.
 *
 * Every read, write and forget of every machine runs one after the other in the order it was asked
 * for, so a logout's forget can never be overtaken by a late write of what it forgets, and a restore
 * reads what was last saved.
 *
 * Storage failures (blocked in private mode, quota full, IndexedDB missing) are swallowed: a restore
 * then finds nothing and the flow starts afresh from the server, which holds the truth; only what the
 * server has not heard of yet (e.g. a cart's offline changes) is at risk.
 */

export interface PersistedSnapshotOptions<T> {
  /** Names the machine: its entry is `snapshot:{key}`. */
  key: string
  /** The machine's version, bumped whenever the shape of what is saved changes. */
  version: number
  /** The stored snapshot in the shape this version reads, or undefined when it is not (discarded). */
  parse(stored: unknown): T | undefined
  /**
   * Keys an earlier release kept this state under, outside the `snapshot:` namespace: never read (the
   * server has the truth), deleted by the first restore and by every forget, so nothing personal is
   * left behind after an upgrade.
   */
  formerKeys?: string[]
  /** The clock for `savedAt` (tests pass their own). */
  now?: () => number
}

export interface PersistedSnapshots<T> {
  /** The saved snapshot, or undefined when there is none, it is of another version, or it is damaged. */
  restore(): Promise<T | undefined>
  save(snapshot: T): Promise<void>
  /** Deletes the entry (logout, another account). */
  forget(): Promise<void>
}

/** An entry as it lies in IndexedDB. */
export interface StoredSnapshot {
  version: number
  /** Epoch milliseconds of the save. */
  savedAt: number
  snapshot: unknown
}

export const SNAPSHOT_KEY_PREFIX = 'snapshot:'

let queue: Promise<unknown> = Promise.resolve()

/** Runs `step` after every step asked for before it; a failing step yields `fallback`. */
function inOrder<R>(step: () => Promise<R>, fallback: R): Promise<R> {
  const next = queue.then(step).catch(() => fallback)
  queue = next
  return next
}

function isStoredSnapshot(value: unknown): value is StoredSnapshot {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Partial<StoredSnapshot>
  return typeof entry.version === 'number' && typeof entry.savedAt === 'number' && 'snapshot' in entry
}

export function persistedSnapshots<T>(options: PersistedSnapshotOptions<T>): PersistedSnapshots<T> {
  const storageKey = `${SNAPSHOT_KEY_PREFIX}${options.key}`
  const now = options.now ?? Date.now
  const formerKeys = options.formerKeys ?? []
  // once per page is enough: nothing of this release writes there
  let formerKeysLeft = formerKeys.length > 0
  return {
    restore: () =>
      inOrder(async () => {
        if (formerKeysLeft) {
          await delMany(formerKeys)
          formerKeysLeft = false
        }
        const stored: unknown = await get(storageKey)
        if (stored === undefined) return undefined
        const snapshot =
          isStoredSnapshot(stored) && stored.version === options.version
            ? options.parse(stored.snapshot)
            : undefined
        // read and delete in one step: a save asked for meanwhile lands after the delete, not before
        if (snapshot === undefined) await del(storageKey)
        return snapshot
      }, undefined),
    save: (snapshot) =>
      inOrder(async () => {
        const entry: StoredSnapshot = { version: options.version, savedAt: now(), snapshot }
        await set(storageKey, entry)
      }, undefined),
    forget: () => inOrder(() => delMany([storageKey, ...formerKeys]), undefined),
  }
}

/** Settles once every save and forget asked for so far has reached IndexedDB (or failed). */
export function flushSnapshotWrites(): Promise<void> {
  return inOrder(() => Promise.resolve(), undefined)
}

/**
 * Deletes the snapshots of every machine, or of those whose key starts with `keyPrefix` (in order after
 * the writes already asked for): what a device handed to someone else must not resume.
 */
export function forgetAllSnapshots(keyPrefix = ''): Promise<void> {
  const prefix = `${SNAPSHOT_KEY_PREFIX}${keyPrefix}`
  return inOrder(async () => {
    const stored = await keys()
    await delMany(stored.filter((key) => typeof key === 'string' && key.startsWith(prefix)))
  }, undefined)
}

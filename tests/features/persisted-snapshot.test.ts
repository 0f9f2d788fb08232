import { afterEach, describe, expect, it } from 'vitest'
import {
  flushSnapshotWrites,
  persistedSnapshots,
  type StoredSnapshot,
} from '../../src/lib/persisted-snapshot.ts'
import { readStored, writeStored } from './support/indexed-db.ts'

interface Draft {
  step: number
}

function parseDraft(stored: unknown): Draft | undefined {
  const step = (stored as Partial<Draft> | null)?.step
  return typeof step === 'number' ? { step } : undefined
}

const SAVED_AT = Date.UTC(2026, 0, 15, 9)

function drafts(version = 1) {
  return persistedSnapshots({ key: 'draft', version, parse: parseDraft, now: () => SAVED_AT })
}

afterEach(async () => {
  await drafts().forget()
})

describe('persisted machine snapshots', () => {
  it('stores a snapshot with its version and time under a namespaced key, and restores it', async () => {
    await drafts().save({ step: 2 })

    expect(await readStored('snapshot:draft')).toEqual({
      version: 1,
      savedAt: SAVED_AT,
      snapshot: { step: 2 },
    } satisfies StoredSnapshot)
    expect(await drafts().restore()).toEqual({ step: 2 })
  })

  it('discards the snapshot of another version of the machine', async () => {
    await drafts(1).save({ step: 3 })

    expect(await drafts(2).restore()).toBeUndefined()
    expect(await readStored('snapshot:draft')).toBeUndefined()
    // gone for the old version as well: nothing is misread after a rollback either
    expect(await drafts(1).restore()).toBeUndefined()
  })

  it('discards a snapshot the machine can no longer read, and an entry that is not a snapshot', async () => {
    await writeStored('snapshot:draft', { version: 1, savedAt: SAVED_AT, snapshot: { step: 'three' } })
    expect(await drafts().restore()).toBeUndefined()
    expect(await readStored('snapshot:draft')).toBeUndefined()

    await writeStored('snapshot:draft', { step: 3 })
    expect(await drafts().restore()).toBeUndefined()
    expect(await readStored('snapshot:draft')).toBeUndefined()
  })

  it('finds nothing when nothing was saved', async () => {
    expect(await drafts().restore()).toBeUndefined()
  })

  it('runs saves and forgets in the order they were asked for, however fast they come', async () => {
    const store = drafts()
    void store.save({ step: 1 })
    void store.save({ step: 2 })
    const forgotten = store.forget()
    // a late write of the state the forget was for would bring it back; asked for before, it cannot
    await forgotten
    expect(await store.restore()).toBeUndefined()

    void store.forget()
    void store.save({ step: 4 })
    // a restore asked for after a save reads that save
    expect(await store.restore()).toEqual({ step: 4 })
  })

  it('keeps a save asked for while a damaged entry is being discarded', async () => {
    await writeStored('snapshot:draft', { version: 1, savedAt: SAVED_AT, snapshot: 'damaged' })
    const restoring = drafts().restore()
    const saving = drafts().save({ step: 5 })
    expect(await restoring).toBeUndefined()
    await saving
    expect(await drafts().restore()).toEqual({ step: 5 })
  })

  it('swallows a failed write and goes on with the next one', async () => {
    const functions = persistedSnapshots<{ run: () => void }>({
      key: 'draft',
      version: 1,
      parse: () => undefined,
    })
    // a function cannot be stored in IndexedDB: the write fails
    await expect(functions.save({ run: () => {} })).resolves.toBeUndefined()
    await drafts().save({ step: 6 })
    expect(await drafts().restore()).toEqual({ step: 6 })
  })

  it('flushes: once settled, every write asked for before has reached IndexedDB', async () => {
    void drafts().save({ step: 7 })
    await flushSnapshotWrites()
    expect(await readStored('snapshot:draft')).toEqual({
      version: 1,
      savedAt: SAVED_AT,
      snapshot: { step: 7 },
    })
  })

  it('drops what an earlier release kept under another key, unread, at the first restore and on forget', async () => {
    const withFormer = () =>
      persistedSnapshots({ key: 'draft', version: 1, parse: parseDraft, formerKeys: ['draft-v0'] })
    await writeStored('draft-v0', { step: 1, owner: 'customer:7' })
    expect(await withFormer().restore()).toBeUndefined()
    expect(await readStored('draft-v0')).toBeUndefined()

    await writeStored('draft-v0', { step: 1, owner: 'customer:7' })
    await withFormer().forget()
    expect(await readStored('draft-v0')).toBeUndefined()
  })

  it('keeps the snapshots of different machines apart', async () => {
    const other = persistedSnapshots({ key: 'other', version: 1, parse: parseDraft })
    await drafts().save({ step: 8 })
    await other.save({ step: 9 })
    await other.forget()
    expect(await drafts().restore()).toEqual({ step: 8 })
    expect(await other.restore()).toBeUndefined()
  })
})

import { useState } from 'react'
import type { OpsSeriesDto } from '../../../domain/catalog-taxonomy.ts'
import type { ActionOutcome } from '../components/action-outcome.tsx'
import { useLoaded } from '../use-loaded.ts'
import { useReorder } from './use-reorder.ts'

/** What every taxonomy's row shows: names in three languages, sort and how many products use it. */
export type TaxonomyItem = Omit<OpsSeriesDto, 'hot'>

/** The dialog open on a taxonomy page: adding (a category under `parentId`), editing or deleting one. */
export type Editing<T> =
  | { kind: 'add'; parentId: number | null }
  | { kind: 'edit'; item: T }
  | { kind: 'delete'; item: T }
  | undefined

/**
 * A taxonomy page's state: its list (`key` names it for useLoaded), the open dialog, the last action's
 * outcome, and ↑/↓ (`saveSort` saves one item's new sort). A change in a row or a dialog says how it
 * went and reads the list again.
 */
export function useTaxonomyRoom<T extends TaxonomyItem>(
  key: string,
  list: () => Promise<T[]>,
  saveSort: (item: T, sort: number) => Promise<unknown>,
) {
  const { loaded, reload } = useLoaded(key, list)
  const [editing, setEditing] = useState<Editing<T>>()
  const [outcome, setOutcome] = useState<ActionOutcome>()
  /** A row's change (a move, a switch) ended: its failure in words, or undefined when done. */
  const afterChange = (failure: string | undefined) => {
    setOutcome(failure ? { tone: 'error', text: failure } : undefined)
    reload()
  }
  const reorder = useReorder<T>(saveSort, afterChange)
  const start = (next: Editing<T>) => {
    setOutcome(undefined)
    setEditing(next)
  }
  /** A dialog's change is saved: it closes, the page says `text`. */
  const done = (text: string) => {
    setEditing(undefined)
    setOutcome({ tone: 'info', text })
    reload()
  }
  const cancel = () => setEditing(undefined)
  const items = loaded.state === 'ready' ? loaded.data : []
  return { loaded, reload, items, editing, start, done, cancel, outcome, afterChange, reorder }
}

export type TaxonomyRoom<T extends TaxonomyItem> = ReturnType<typeof useTaxonomyRoom<T>>

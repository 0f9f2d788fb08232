import { useState } from 'react'
import type { ActionOutcome } from '../components/action-outcome.tsx'
import { useLoaded } from '../use-loaded.ts'

/** The dialog open on a content tab: adding, editing, previewing or deleting one. */
export type Editing<T> =
  | { kind: 'add' }
  | { kind: 'edit'; item: T }
  | { kind: 'preview'; item: T }
  | { kind: 'delete'; item: T }
  | undefined

/**
 * A content tab's state: its list (`key` names it for useLoaded), the open dialog and the last
 * action's outcome. A change says how it went and reads the list again.
 */
export function useContentRoom<T>(key: string, list: () => Promise<T[]>) {
  const { loaded, reload } = useLoaded(key, list)
  const [editing, setEditing] = useState<Editing<T>>()
  const [outcome, setOutcome] = useState<ActionOutcome>()
  const start = (next: Editing<T>) => {
    setOutcome(undefined)
    setEditing(next)
  }
  /** A dialog's change is saved: `next` opens (a preview of what was saved) or it closes; the page says `text`. */
  const done = (text: string, next?: Editing<T>) => {
    setEditing(next)
    setOutcome({ tone: 'info', text })
    reload()
  }
  /** A change made from the list (a move) ended: its failure in words, or undefined when done. */
  const afterChange = (failure: string | undefined) => {
    setOutcome(failure ? { tone: 'error', text: failure } : undefined)
    reload()
  }
  const cancel = () => setEditing(undefined)
  const items = loaded.state === 'ready' ? loaded.data : []
  return { loaded, reload, items, editing, start, done, cancel, outcome, afterChange }
}

export type ContentRoom<T> = ReturnType<typeof useContentRoom<T>>

/** A new item's sort: after the largest of `items`, 0 for the first. */
export const nextSortOf = (items: readonly { sort: number }[]): number =>
  items.length === 0 ? 0 : Math.max(...items.map((item) => item.sort)) + 1

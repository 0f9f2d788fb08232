import { useState } from 'react'
import type { ActionOutcome } from './components/action-outcome.tsx'
import { useLoaded } from './use-loaded.ts'

/**
 * A console room that edits a list in dialogs (content, categories, series, brands): its list (`key`
 * names it for useLoaded), the open dialog (`Editing`, each room's own kinds) and the last action's
 * outcome. A change says how it went and reads the list again.
 */
export function useListRoom<T, Editing>(key: string, list: () => Promise<T[]>) {
  const { loaded, reload } = useLoaded(key, list)
  const [editing, setEditing] = useState<Editing>()
  const [outcome, setOutcome] = useState<ActionOutcome>()
  const start = (next: Editing) => {
    setOutcome(undefined)
    setEditing(next)
  }
  /** A dialog's change is saved: `next` opens (a preview of what was saved) or it closes; the page says `text`. */
  const done = (text: string, next?: Editing) => {
    setEditing(next)
    setOutcome({ tone: 'info', text })
    reload()
  }
  /** A change made from the list (a move, a switch) ended: its failure in words, or undefined when done. */
  const afterChange = (failure: string | undefined) => {
    setOutcome(failure ? { tone: 'error', text: failure } : undefined)
    reload()
  }
  const cancel = () => setEditing(undefined)
  const items = loaded.state === 'ready' ? loaded.data : []
  return { loaded, reload, items, editing, start, done, cancel, outcome, afterChange }
}

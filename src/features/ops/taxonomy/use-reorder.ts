import { useState } from 'react'
import { type Sorted, swappedSorts } from './reorder.ts'
import { refusalText } from './taxonomy-text.ts'

/**
 * A change made from a list's row (a move, the hot switch): every row waits while one runs, and
 * `after` hears how it went (a failure in words, undefined when done) to say so and reload.
 */
export function useRowChange(after: (failure: string | undefined) => void) {
  const [busy, setBusy] = useState(false)
  const run = async (change: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await change()
      after(undefined)
    } catch (error) {
      after(refusalText(error))
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}

/** ↑/↓ in a list: the item and its neighbour trade sort values, each saved with its own PUT. */
export function useReorder<T extends Sorted>(
  saveSort: (item: T, sort: number) => Promise<unknown>,
  after: (failure: string | undefined) => void,
) {
  const { busy, run } = useRowChange(after)
  const move = (siblings: readonly T[], index: number, up: boolean) => {
    const moving = siblings[index]
    const neighbour = siblings[up ? index - 1 : index + 1]
    if (!moving || !neighbour) return Promise.resolve()
    const sorts = swappedSorts(moving, neighbour, up)
    return run(async () => {
      if (sorts.moving !== moving.sort) await saveSort(moving, sorts.moving)
      if (sorts.neighbour !== neighbour.sort) await saveSort(neighbour, sorts.neighbour)
    })
  }
  return { busy, move }
}

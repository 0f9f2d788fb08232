/** The ids in a new order: the item at `from` taken out and put in at `to`. */
export function movedIds(ids: readonly number[], from: number, to: number): number[] {
  const next = [...ids]
  const [moving] = next.splice(from, 1)
  if (moving === undefined || to < 0 || to > next.length) return [...ids]
  next.splice(to, 0, moving)
  return next
}

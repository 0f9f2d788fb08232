import { MAX_SORT } from './taxonomy-form.ts'

export interface Sorted {
  id: number
  sort: number
}

/**
 * The new sort values when `moving` trades places with its neighbour (lists are by sort, then id):
 * their values swap; equal values (ordered by id) are made to differ so the move shows.
 */
export function swappedSorts(
  moving: Sorted,
  neighbour: Sorted,
  up: boolean,
): { moving: number; neighbour: number } {
  if (moving.sort !== neighbour.sort) return { moving: neighbour.sort, neighbour: moving.sort }
  const value = moving.sort
  if (up) return value > 0 ? { moving: value - 1, neighbour: value } : { moving: value, neighbour: value + 1 }
  return value < MAX_SORT ? { moving: value + 1, neighbour: value } : { moving: value, neighbour: value - 1 }
}

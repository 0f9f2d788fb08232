import type { OpsSeriesDto } from '../../../domain/catalog-taxonomy.ts'
import { useListRoom } from '../use-list-room.ts'
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
 * A taxonomy page's state: its list, the open dialog and the last action's outcome (useListRoom), and
 * ↑/↓ (`saveSort` saves one item's new sort).
 */
export function useTaxonomyRoom<T extends TaxonomyItem>(
  key: string,
  list: () => Promise<T[]>,
  saveSort: (item: T, sort: number) => Promise<unknown>,
) {
  const room = useListRoom<T, Editing<T>>(key, list)
  const reorder = useReorder<T>(saveSort, room.afterChange)
  return { ...room, reorder }
}

export type TaxonomyRoom<T extends TaxonomyItem> = ReturnType<typeof useTaxonomyRoom<T>>

import { useListRoom } from '../use-list-room.ts'

/** The dialog open on a content tab: adding, editing, previewing or deleting one. */
export type Editing<T> =
  | { kind: 'add' }
  | { kind: 'edit'; item: T }
  | { kind: 'preview'; item: T }
  | { kind: 'delete'; item: T }
  | undefined

/** A content tab's state: its list, the open dialog and the last action's outcome (useListRoom). */
export const useContentRoom = <T>(key: string, list: () => Promise<T[]>) =>
  useListRoom<T, Editing<T>>(key, list)

export type ContentRoom<T> = ReturnType<typeof useContentRoom<T>>

/** A new item's sort: after the largest of `items`, 0 for the first. */
export const nextSortOf = (items: readonly { sort: number }[]): number =>
  items.length === 0 ? 0 : Math.max(...items.map((item) => item.sort)) + 1

import type { ReactNode } from 'react'
import { type Loaded, useLoaded } from '../use-loaded.ts'
import { LoadFailure, LoadingBlock } from './load-state.tsx'
import { amountCell, listHeader, mutedText, pageTitle, table, tableScroll } from './ops-table.ts'

/* The pieces every console list page is made of: its header, its states and its table. */

/** A column's heading: its words, or its words and `amount` for a column of numbers (end-aligned). */
export type Column = ReactNode | AmountColumn
interface AmountColumn {
  label: ReactNode
  amount: true
}

const isAmount = (column: Column): column is AmountColumn =>
  typeof column === 'object' && column !== null && 'amount' in column

/** A console table's head row: one `th scope="col"` a column. */
export function TableHead(props: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {props.columns.map((column, index) =>
          isAmount(column) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed; two may read alike
            <th key={index} scope="col" className={amountCell}>
              {column.label}
            </th>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <th key={index} scope="col">
              {column}
            </th>
          ),
        )}
      </tr>
    </thead>
  )
}

/** A console table in its scrolling box: the head from `columns`, the rows (`children`) as its body. */
export function OpsTable(props: {
  label: string
  columns: readonly Column[]
  /** Read again after an action: the rows shown stay while it is. */
  busy?: boolean
  children: ReactNode
}) {
  return (
    <div className={tableScroll}>
      <table className={table} aria-label={props.label} aria-busy={props.busy}>
        <TableHead columns={props.columns} />
        <tbody>{props.children}</tbody>
      </table>
    </div>
  )
}

/**
 * A list page's header: the title (its id labels the page), then at the far end how many there are
 * once known (`count`, shown muted) and the page's actions (`children`), together in a box laid out by
 * `endClassName` when one is given.
 */
export function ListHeader(props: {
  titleId: string
  title: ReactNode
  count?: ReactNode
  endClassName?: string
  children?: ReactNode
}) {
  const end = (
    <>
      {props.count ? <span className={mutedText}>{props.count}</span> : null}
      {props.children}
    </>
  )
  return (
    <div className={listHeader}>
      <h1 id={props.titleId} className={pageTitle}>
        {props.title}
      </h1>
      {props.endClassName === undefined ? end : <div className={props.endClassName}>{end}</div>}
    </div>
  )
}

/**
 * A loaded list's states: loading, failed (with a retry), `empty` when the page has no rows, otherwise
 * what `children` makes of the page.
 */
export function ListStates<T extends { list: readonly unknown[] }>(props: {
  loaded: Loaded<T>
  onRetry: () => void
  empty: ReactNode
  children: (page: T, refreshing: boolean) => ReactNode
}) {
  const { loaded } = props
  if (loaded.state === 'loading') return <LoadingBlock />
  if (loaded.state === 'failed') return <LoadFailure error={loaded.error} onRetry={props.onRetry} />
  if (loaded.data.list.length === 0) return props.empty
  return props.children(loaded.data, loaded.refreshing)
}

/** What a list page asks for: its filter and page from the URL's search, and the page's size. */
export type PagedQuery<S extends { pageNum?: number }> = Omit<S, 'pageNum'> & {
  pageNum: number
  pageSize: number
}

/**
 * A list whose filter and page live in the URL's search: the filter, the query it asks with, the
 * answer (reloadable), and the search that shows another page (page 1 leaves the number out).
 */
export function useSearchList<S extends { pageNum?: number }, T>(
  search: S,
  pageSize: number,
  list: (query: PagedQuery<S>) => Promise<T>,
) {
  const { pageNum = 1, ...filter } = search
  const query: PagedQuery<S> = { ...filter, pageNum, pageSize }
  const { loaded, reload } = useLoaded(JSON.stringify(query), () => list(query))
  const searchOfPage = (target: number): S => ({ ...search, pageNum: target > 1 ? target : undefined })
  return { filter, query, loaded, reload, searchOfPage }
}

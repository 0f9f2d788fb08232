import { type ReactNode, useState } from 'react'
import { table, tableScroll } from '../../components/ops-table.ts'
import { PageButtons } from '../../components/page-buttons.tsx'

/**
 * A table of a list the page already holds (the check's errors, its rows), a page at a time; key it
 * by a filter to start again from the first page when the filter changes.
 */
export function PagedTable<T>(props: {
  label: string
  /** The column headers, each unique. */
  columns: readonly string[]
  items: readonly T[]
  pageSize: number
  /** One item's `<tr>`, keyed. */
  row: (item: T) => ReactNode
}) {
  const [pageNum, setPageNum] = useState(1)
  const { pageSize } = props
  const shown = props.items.slice((pageNum - 1) * pageSize, pageNum * pageSize)
  return (
    <>
      <div className={tableScroll}>
        <table className={table} aria-label={props.label}>
          <thead>
            <tr>
              {props.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{shown.map(props.row)}</tbody>
        </table>
      </div>
      <PageButtons page={{ pageNum, pageSize, total: props.items.length }} onPage={setPageNum} />
    </>
  )
}

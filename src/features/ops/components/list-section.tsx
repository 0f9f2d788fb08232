import { Trans } from '@lingui/react/macro'
import { type HTMLAttributes, type Key, type ReactNode, useId } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { DeleteDialog } from '../taxonomy/components/delete-dialog.tsx'
import type { Loaded } from '../use-loaded.ts'
import { type ActionOutcome, ActionOutcomeNotice } from './action-outcome.tsx'
import { OpsTable } from './list-page.tsx'
import { LoadFailure, LoadingBlock } from './load-state.tsx'
import { amountCell, listHeader, listPage, mutedText, pageTitle, sectionTitle } from './ops-table.ts'

/** A column of a list's table: its header and each row's cell. */
export interface ListColumn<R> {
  header: ReactNode
  cell: (row: R, index: number) => ReactNode
  /** Numbers: the header and cells right-aligned. */
  numeric?: boolean
  /** The cell's own look, by its row (not with numeric). */
  tone?: (row: R) => string | undefined
  lang?: string
  /** A cell screen readers pass over (a drag handle). */
  decorative?: boolean
}

/** The table of a list: a header row of `columns`, then a row of cells per row. */
export function ListTable<R>(props: {
  label: string
  /** Every row waits while a change of the list runs; unset where the list has no such change. */
  busy?: boolean
  rows: readonly R[]
  rowKey: (row: R) => Key
  /** The columns in order; a column left out is false or undefined. */
  columns: readonly (ListColumn<R> | false | undefined)[]
  rowProps?: (row: R, index: number) => HTMLAttributes<HTMLTableRowElement>
}) {
  const columns = props.columns.filter((column): column is ListColumn<R> => Boolean(column))
  const heads = columns.map((column) =>
    column.numeric ? { label: column.header, amount: true as const } : column.header,
  )
  return (
    <OpsTable label={props.label} busy={props.busy} columns={heads}>
      {props.rows.map((row, rowIndex) => (
        <tr key={props.rowKey(row)} {...props.rowProps?.(row, rowIndex)}>
          {columns.map((column, index) => (
            <td
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed in number and order
              key={index}
              lang={column.lang}
              aria-hidden={column.decorative ? 'true' : undefined}
              className={column.numeric ? amountCell : column.tone?.(row)}
            >
              {column.cell(row, rowIndex)}
            </td>
          ))}
        </tr>
      ))}
    </OpsTable>
  )
}

/** A column of every list's row: its state, active or switched off (muted). */
export function activeColumn<R extends { active: boolean }>(): ListColumn<R> {
  return {
    header: <Trans>状态</Trans>,
    tone: (row) => (row.active ? undefined : mutedText),
    cell: (row) => (row.active ? <Trans>启用</Trans> : <Trans>已停用</Trans>),
  }
}

/** What a console list says, and how it deletes one of its items. */
export interface ListTexts<T> {
  title: ReactNode
  addLabel: ReactNode
  intro: ReactNode
  empty: ReactNode
  deleteTitle: string
  deletedText: (item: T) => string
  remove: (id: number) => Promise<unknown>
}

/** What a list needs of its room's state: the list, the open dialog and the last action's outcome. */
export interface ListRoom<T> {
  loaded: Loaded<readonly unknown[]>
  reload: () => void
  outcome: ActionOutcome
  editing: { kind: string; item?: T } | undefined
  cancel: () => void
  /** A dialog's change is saved: it closes, the list says `text`. */
  done: (text: string) => void
}

/**
 * A console list (a page, or a tab of one): its title with Add, what it is for, the last action's
 * outcome, and the list (`children`) once loaded; loading, failure (with a retry) and an empty list
 * each say so. The dialogs open over it; a delete (the room's `editing`) asks first.
 */
export function ListSection<T extends { id: number; name: string }>(
  props: ListTexts<T> & {
    /** A page's title (h1) or a tab's (h2). */
    heading: 'h1' | 'h2'
    room: ListRoom<T>
    onAdd: () => void
    children: ReactNode
    dialogs?: ReactNode
  },
) {
  const id = useId()
  const { room } = props
  const { loaded } = room
  const deleting = room.editing?.kind === 'delete' ? room.editing.item : undefined
  const Heading = props.heading
  return (
    <section className={listPage} aria-labelledby={`${id}-title`}>
      <div className={listHeader}>
        <Heading id={`${id}-title`} className={props.heading === 'h1' ? pageTitle : sectionTitle}>
          {props.title}
        </Heading>
        <Button onClick={props.onAdd}>{props.addLabel}</Button>
      </div>
      <p className={mutedText}>{props.intro}</p>
      <ActionOutcomeNotice outcome={room.outcome} />
      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={room.reload} /> : null}
      {loaded.state === 'ready' && loaded.data.length === 0 ? (
        <Notice tone="info" title={props.empty} />
      ) : null}
      {loaded.state === 'ready' && loaded.data.length > 0 ? props.children : null}
      {props.dialogs}
      {deleting ? (
        <DeleteDialog
          title={props.deleteTitle}
          name={deleting.name}
          remove={() => props.remove(deleting.id)}
          onCancel={room.cancel}
          onDeleted={() => room.done(props.deletedText(deleting))}
        />
      ) : null}
    </section>
  )
}

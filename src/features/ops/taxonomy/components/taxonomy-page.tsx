import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { Notice } from '../../../../components/ui/notice.tsx'
import { ActionOutcomeNotice } from '../../components/action-outcome.tsx'
import { LoadFailure, LoadingBlock } from '../../components/load-state.tsx'
import {
  amountCell,
  listHeader,
  listPage,
  mutedText,
  pageTitle,
  table,
  tableScroll,
} from '../../components/ops-table.ts'
import type { Editing, TaxonomyItem, TaxonomyRoom } from '../use-taxonomy-room.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { SortButtons } from './sort-buttons.tsx'

const actions = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1' })

/** A column of one taxonomy's own (a brand's logo, a series' hot switch). */
export interface TaxonomyColumn<T> {
  header: ReactNode
  cell: (item: T) => ReactNode
}

/** A row of the table, with the siblings ↑/↓ moves it among. */
export interface TaxonomyRow<T> {
  item: T
  siblings: readonly T[]
  index: number
}

/**
 * /ops/categories, /ops/series and /ops/brands alike: the title with Add, what the list is for, the
 * last action's outcome, and a table of names, sort and product count whose rows move with ↑/↓, open
 * the add or edit dialog (`dialog`, the taxonomy's own) and ask before deleting.
 */
export function TaxonomyPage<T extends TaxonomyItem>(props: {
  room: TaxonomyRoom<T>
  title: ReactNode
  addLabel: ReactNode
  intro: ReactNode
  empty: ReactNode
  tableLabel: string
  /** The rows in order; by default the list as it came, all siblings. */
  rows?: readonly TaxonomyRow<T>[]
  /** Every row waits while a change of one runs (by default, a move). */
  busy?: boolean
  /** A column before the names. */
  lead?: TaxonomyColumn<T>
  /** A column between the sort and the product count. */
  beforeCount?: TaxonomyColumn<T>
  nameClassName?: (item: T) => string
  /** Buttons between Edit and Delete. */
  moreActions?: (item: T) => ReactNode
  /** The add or edit dialog. */
  dialog: (editing: Exclude<Editing<T>, { kind: 'delete' } | undefined>) => ReactNode
  deleteTitle: string
  deletedText: (item: T) => string
  remove: (id: number) => Promise<unknown>
}) {
  const { t } = useLingui()
  const id = useId()
  const { room, lead, beforeCount } = props
  const { loaded, items, editing } = room
  const busy = props.busy ?? room.reorder.busy
  const rows = props.rows ?? items.map((item, index) => ({ item, siblings: items, index }))

  return (
    <section className={listPage} aria-labelledby={`${id}-title`}>
      <div className={listHeader}>
        <h1 id={`${id}-title`} className={pageTitle}>
          {props.title}
        </h1>
        <Button onClick={() => room.start({ kind: 'add', parentId: null })}>{props.addLabel}</Button>
      </div>
      <p className={mutedText}>{props.intro}</p>
      <ActionOutcomeNotice outcome={room.outcome} />
      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={room.reload} /> : null}
      {loaded.state === 'ready' && items.length === 0 ? <Notice tone="info" title={props.empty} /> : null}
      {loaded.state === 'ready' && items.length > 0 ? (
        <div className={tableScroll}>
          <table className={table} aria-label={props.tableLabel} aria-busy={loaded.refreshing || busy}>
            <thead>
              <tr>
                {lead ? <th scope="col">{lead.header}</th> : null}
                <th scope="col">
                  <Trans>中文名称</Trans>
                </th>
                <th scope="col">
                  <Trans>日文名称</Trans>
                </th>
                <th scope="col">
                  <Trans>英文名称</Trans>
                </th>
                <th scope="col" className={amountCell}>
                  <Trans>排序</Trans>
                </th>
                {beforeCount ? <th scope="col">{beforeCount.header}</th> : null}
                <th scope="col" className={amountCell}>
                  <Trans>商品数</Trans>
                </th>
                <th scope="col">
                  <Trans>操作</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ item, siblings, index }) => (
                <tr key={item.id}>
                  {lead ? <td>{lead.cell(item)}</td> : null}
                  <td className={props.nameClassName?.(item)}>{item.name}</td>
                  <td lang="ja">{item.jpName ?? '—'}</td>
                  <td lang="en">{item.enName ?? '—'}</td>
                  <td className={amountCell}>{item.sort}</td>
                  {beforeCount ? <td>{beforeCount.cell(item)}</td> : null}
                  <td className={amountCell}>{item.productCount}</td>
                  <td>
                    <span className={actions}>
                      <SortButtons
                        name={item.name}
                        first={index === 0}
                        last={index === siblings.length - 1}
                        busy={busy}
                        onMove={(up) => void room.reorder.move(siblings, index, up)}
                      />
                      <Button
                        variant="ghost"
                        aria-label={t`编辑：${item.name}`}
                        onClick={() => room.start({ kind: 'edit', item })}
                      >
                        <Trans>编辑</Trans>
                      </Button>
                      {props.moreActions?.(item)}
                      <Button
                        variant="ghost"
                        aria-label={t`删除：${item.name}`}
                        onClick={() => room.start({ kind: 'delete', item })}
                      >
                        <Trans>删除</Trans>
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {editing?.kind === 'add' || editing?.kind === 'edit' ? props.dialog(editing) : null}
      {editing?.kind === 'delete' ? (
        <DeleteDialog
          title={props.deleteTitle}
          name={editing.item.name}
          remove={() => props.remove(editing.item.id)}
          onCancel={room.cancel}
          onDeleted={() => room.done(props.deletedText(editing.item))}
        />
      ) : null}
    </section>
  )
}

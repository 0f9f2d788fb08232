import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { type ListColumn, ListSection, ListTable, type ListTexts } from '../../components/list-section.tsx'
import { RowActions } from '../../components/row-actions.tsx'
import type { Editing, TaxonomyItem, TaxonomyRoom } from '../use-taxonomy-room.ts'
import { SortButtons } from './sort-buttons.tsx'

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
export function TaxonomyPage<T extends TaxonomyItem>(
  props: ListTexts<T> & {
    room: TaxonomyRoom<T>
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
  },
) {
  const { room, lead, beforeCount } = props
  const { loaded, items, editing } = room
  const busy = props.busy ?? room.reorder.busy
  const rows = props.rows ?? items.map((item, index) => ({ item, siblings: items, index }))
  const own = (column: TaxonomyColumn<T> | undefined): ListColumn<TaxonomyRow<T>> | undefined =>
    column && { header: column.header, cell: ({ item }) => column.cell(item) }

  return (
    <ListSection
      {...props}
      heading="h1"
      onAdd={() => room.start({ kind: 'add', parentId: null })}
      dialogs={editing?.kind === 'add' || editing?.kind === 'edit' ? props.dialog(editing) : null}
    >
      <ListTable
        label={props.tableLabel}
        busy={loaded.state === 'ready' && (loaded.refreshing || busy)}
        rows={rows}
        rowKey={({ item }) => item.id}
        columns={[
          own(lead),
          {
            header: <Trans>中文名称</Trans>,
            tone: ({ item }) => props.nameClassName?.(item),
            cell: ({ item }) => item.name,
          },
          { header: <Trans>日文名称</Trans>, lang: 'ja', cell: ({ item }) => item.jpName ?? '—' },
          { header: <Trans>英文名称</Trans>, lang: 'en', cell: ({ item }) => item.enName ?? '—' },
          { header: <Trans>排序</Trans>, numeric: true, cell: ({ item }) => item.sort },
          own(beforeCount),
          { header: <Trans>商品数</Trans>, numeric: true, cell: ({ item }) => item.productCount },
          {
            header: <Trans>操作</Trans>,
            cell: ({ item, siblings, index }) => (
              <RowActions
                name={item.name}
                lead={
                  <SortButtons
                    name={item.name}
                    first={index === 0}
                    last={index === siblings.length - 1}
                    busy={busy}
                    onMove={(up) => void room.reorder.move(siblings, index, up)}
                  />
                }
                middle={props.moreActions?.(item)}
                onEdit={() => room.start({ kind: 'edit', item })}
                onDelete={() => room.start({ kind: 'delete', item })}
              />
            ),
          },
        ]}
      />
    </ListSection>
  )
}

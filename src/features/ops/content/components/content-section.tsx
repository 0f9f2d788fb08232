import { Trans, useLingui } from '@lingui/react/macro'
import type { HTMLAttributes, ReactNode } from 'react'
import { Button } from '../../../../components/ui/button.tsx'
import { type ListColumn, ListSection, ListTable, type ListTexts } from '../../components/list-section.tsx'
import { RowActions } from '../../components/row-actions.tsx'
import type { ContentRoom } from '../use-content-room.ts'

/**
 * One tab of the content room (banners, announcements, articles): its title with Add, what it is for,
 * the last action's outcome, and a table of `columns` whose rows open the add or edit dialog
 * (`dialog`, the kind's own), a preview (when `preview` is set) or ask before deleting.
 */
export function ContentSection<T extends { id: number; name: string }>(
  props: ListTexts<T> & {
    room: ContentRoom<T>
    tableLabel: string
    columns: readonly ListColumn<T>[]
    /** Every row waits while a change of the list runs (a move); unset where there is none. */
    busy?: boolean
    rowProps?: (item: T, index: number) => HTMLAttributes<HTMLTableRowElement>
    /** Buttons before Edit (↑/↓). */
    leadActions?: (item: T, index: number) => ReactNode
    /** The add (`item` undefined) or edit dialog. */
    dialog: (item: T | undefined) => ReactNode
    /** The preview of one, offered on every row when set. */
    preview?: (item: T) => ReactNode
  },
) {
  const { t } = useLingui()
  const { room, preview } = props
  const { loaded, editing } = room
  return (
    <ListSection
      {...props}
      heading="h2"
      onAdd={() => room.start({ kind: 'add' })}
      dialogs={
        <>
          {editing?.kind === 'add' || editing?.kind === 'edit'
            ? props.dialog(editing.kind === 'edit' ? editing.item : undefined)
            : null}
          {editing?.kind === 'preview' && preview ? preview(editing.item) : null}
        </>
      }
    >
      <ListTable
        label={props.tableLabel}
        busy={
          props.busy === undefined ? undefined : loaded.state === 'ready' && (loaded.refreshing || props.busy)
        }
        rows={room.items}
        rowKey={(item) => item.id}
        columns={[
          ...props.columns,
          {
            header: <Trans>操作</Trans>,
            cell: (item, index) => (
              <RowActions
                name={item.name}
                lead={
                  <>
                    {props.leadActions?.(item, index)}
                    {preview ? (
                      <Button
                        variant="ghost"
                        aria-label={t`预览：${item.name}`}
                        onClick={() => room.start({ kind: 'preview', item })}
                      >
                        <Trans>预览</Trans>
                      </Button>
                    ) : null}
                  </>
                }
                onEdit={() => room.start({ kind: 'edit', item })}
                onDelete={() => room.start({ kind: 'delete', item })}
              />
            ),
          },
        ]}
        rowProps={props.rowProps}
      />
    </ListSection>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { FormField } from '../../../../components/ui/form-field.tsx'
import { announcementBody, type OpsAnnouncementDto } from '../../../../domain/content-ops.ts'
import { shopDateTime } from '../../../../domain/date-time.ts'
import { amountCell, mutedText, table, tableScroll } from '../../components/ops-table.ts'
import { CheckField } from '../../products/components/product-fields.tsx'
import { DeleteDialog } from '../../taxonomy/components/delete-dialog.tsx'
import { announcementCalls } from '../api/content-calls.ts'
import { numberOf } from '../content-text.ts'
import { useContentRoom } from '../use-content-room.ts'
import { ContentSection } from './content-section.tsx'
import { LocalisedDialog } from './localised-dialog.tsx'
import { PreviewDialog } from './preview-dialog.tsx'

const actions = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1' })

/** Adds an announcement or edits one: titles and bodies per language, sort and the active switch. */
function AnnouncementDialog(props: {
  item: OpsAnnouncementDto | undefined
  nextSort: number
  onSaved: (saved: OpsAnnouncementDto) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const { item } = props
  const [sort, setSort] = useState(String(item?.sort ?? props.nextSort))
  const [active, setActive] = useState(item?.active ?? true)
  return (
    <LocalisedDialog
      title={item ? t`编辑公告“${item.name}”` : t`添加公告`}
      item={item}
      schema={announcementBody}
      labels={{ sort: t`排序`, active: t`启用` }}
      input={() => ({ sort: numberOf(sort), active })}
      save={(body) => (item ? announcementCalls.update(item.id, body) : announcementCalls.create(body))}
      onSaved={props.onSaved}
      onCancel={props.onCancel}
      extra={(form) => (
        <>
          <FormField
            label={t`排序`}
            inputMode="numeric"
            hint={t`0 到 99,999，数字小的排在前面`}
            value={sort}
            error={form.errors.sort}
            disabled={form.busy}
            onChange={(event) => {
              setSort(event.target.value)
              form.clearError('sort')
            }}
          />
          <CheckField
            label={<Trans>启用（在首页公告栏显示）</Trans>}
            checked={active}
            error={form.errors.active}
            onChange={setActive}
          />
        </>
      )}
    />
  )
}

/** The home's announcements: a table in the shop's order; each opens to edit, preview or delete. */
export function AnnouncementsSection() {
  const { t } = useLingui()
  const room = useContentRoom('ops-announcements', announcementCalls.list)
  const { items, editing } = room
  return (
    <ContentSection
      room={room}
      title={<Trans>公告</Trans>}
      addLabel={<Trans>添加公告…</Trans>}
      intro={
        <Trans>
          启用的公告显示在首页公告栏，排序数字小的在前。内容为 HTML，保存时会去掉脚本等不安全的部分。
        </Trans>
      }
      empty={<Trans>还没有公告</Trans>}
      dialogs={
        <>
          {editing?.kind === 'add' || editing?.kind === 'edit' ? (
            <AnnouncementDialog
              item={editing.kind === 'edit' ? editing.item : undefined}
              nextSort={items.length === 0 ? 0 : Math.max(...items.map((item) => item.sort)) + 1}
              onCancel={room.cancel}
              onSaved={(saved) => room.done(t`公告“${saved.name}”已保存。`, { kind: 'preview', item: saved })}
            />
          ) : null}
          {editing?.kind === 'preview' ? <PreviewDialog item={editing.item} onClose={room.cancel} /> : null}
          {editing?.kind === 'delete' ? (
            <DeleteDialog
              title={t`删除公告`}
              name={editing.item.name}
              remove={() => announcementCalls.remove(editing.item.id)}
              onCancel={room.cancel}
              onDeleted={() => room.done(t`公告“${editing.item.name}”已删除。`)}
            />
          ) : null}
        </>
      }
    >
      <div className={tableScroll}>
        <table className={table} aria-label={t`公告列表`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>中文标题</Trans>
              </th>
              <th scope="col">
                <Trans>日文标题</Trans>
              </th>
              <th scope="col">
                <Trans>英文标题</Trans>
              </th>
              <th scope="col" className={amountCell}>
                <Trans>排序</Trans>
              </th>
              <th scope="col">
                <Trans>状态</Trans>
              </th>
              <th scope="col">
                <Trans>发布时间（日本时间）</Trans>
              </th>
              <th scope="col">
                <Trans>操作</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{item.name}</td>
                <td lang="ja">{item.jpName ?? '—'}</td>
                <td lang="en">{item.enName ?? '—'}</td>
                <td className={amountCell}>{item.sort}</td>
                <td className={item.active ? undefined : mutedText}>
                  {item.active ? <Trans>启用</Trans> : <Trans>已停用</Trans>}
                </td>
                <td>{shopDateTime(item.publishedAt) ?? '—'}</td>
                <td>
                  <span className={actions}>
                    <Button
                      variant="ghost"
                      aria-label={t`预览：${item.name}`}
                      onClick={() => room.start({ kind: 'preview', item })}
                    >
                      <Trans>预览</Trans>
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={t`编辑：${item.name}`}
                      onClick={() => room.start({ kind: 'edit', item })}
                    >
                      <Trans>编辑</Trans>
                    </Button>
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
    </ContentSection>
  )
}

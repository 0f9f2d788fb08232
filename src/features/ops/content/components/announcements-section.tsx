import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { FormField } from '../../../../components/ui/form-field.tsx'
import { announcementBody, type OpsAnnouncementDto } from '../../../../domain/content-ops.ts'
import { shopDateTime } from '../../../../domain/date-time.ts'
import { activeColumn } from '../../components/list-section.tsx'
import { CheckField } from '../../products/components/product-fields.tsx'
import { announcementCalls } from '../api/content-calls.ts'
import { numberOf } from '../content-text.ts'
import { nextSortOf, useContentRoom } from '../use-content-room.ts'
import { ContentSection } from './content-section.tsx'
import { LocalisedDialog } from './localised-dialog.tsx'
import { PreviewDialog } from './preview-dialog.tsx'

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
      tableLabel={t`公告列表`}
      columns={[
        { header: <Trans>中文标题</Trans>, cell: (item) => item.name },
        { header: <Trans>日文标题</Trans>, lang: 'ja', cell: (item) => item.jpName ?? '—' },
        { header: <Trans>英文标题</Trans>, lang: 'en', cell: (item) => item.enName ?? '—' },
        { header: <Trans>排序</Trans>, numeric: true, cell: (item) => item.sort },
        activeColumn(),
        {
          header: <Trans>发布时间（日本时间）</Trans>,
          cell: (item) => shopDateTime(item.publishedAt) ?? '—',
        },
      ]}
      dialog={(item) => (
        <AnnouncementDialog
          item={item}
          nextSort={nextSortOf(room.items)}
          onCancel={room.cancel}
          onSaved={(saved) => room.done(t`公告“${saved.name}”已保存。`, { kind: 'preview', item: saved })}
        />
      )}
      preview={(item) => <PreviewDialog item={item} onClose={room.cancel} />}
      deleteTitle={t`删除公告`}
      deletedText={(item) => t`公告“${item.name}”已删除。`}
      remove={announcementCalls.remove}
    />
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { FormField } from '../../../../components/ui/form-field.tsx'
import { articleBody, type OpsArticleDto } from '../../../../domain/content-ops.ts'
import { shopDateTime } from '../../../../domain/date-time.ts'
import { activeColumn } from '../../components/list-section.tsx'
import { CheckField } from '../../products/components/product-fields.tsx'
import { articleCalls } from '../api/content-calls.ts'
import { numberOf } from '../content-text.ts'
import { useContentRoom } from '../use-content-room.ts'
import { ContentSection } from './content-section.tsx'
import { LocalisedDialog } from './localised-dialog.tsx'
import { PreviewDialog } from './preview-dialog.tsx'

const pair = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })

/** Adds an article or edits one: titles and bodies per language, type, footer position, active switch. */
function ArticleDialog(props: {
  item: OpsArticleDto | undefined
  onSaved: (saved: OpsArticleDto) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const { item } = props
  const [type, setType] = useState(String(item?.type ?? 0))
  const [footerSort, setFooterSort] = useState(
    item?.footerSort === null || !item ? '' : String(item.footerSort),
  )
  const [active, setActive] = useState(item?.active ?? true)
  const labels = { type: t`类型`, footerSort: t`页脚排序`, active: t`启用` }
  return (
    <LocalisedDialog
      title={item ? t`编辑文章“${item.name}”` : t`添加文章`}
      item={item}
      schema={articleBody}
      labels={labels}
      input={() => ({ type: numberOf(type), footerSort: numberOf(footerSort) ?? null, active })}
      save={(body) => (item ? articleCalls.update(item.id, body) : articleCalls.create(body))}
      onSaved={props.onSaved}
      onCancel={props.onCancel}
      extra={(form) => (
        <>
          <div className={pair}>
            <FormField
              label={labels.type}
              inputMode="numeric"
              required
              hint={t`0 到 99；页脚按类型除以 4 的余数分成四栏`}
              value={type}
              error={form.errors.type}
              disabled={form.busy}
              onChange={(event) => {
                setType(event.target.value)
                form.clearError('type')
              }}
            />
            <FormField
              label={labels.footerSort}
              inputMode="numeric"
              hint={t`留空则不在页脚显示；数字小的排在前面`}
              value={footerSort}
              error={form.errors.footerSort}
              disabled={form.busy}
              onChange={(event) => {
                setFooterSort(event.target.value)
                form.clearError('footerSort')
              }}
            />
          </div>
          <CheckField
            label={<Trans>启用（停用后顾客无法打开，也不在页脚显示）</Trans>}
            checked={active}
            error={form.errors.active}
            onChange={setActive}
          />
        </>
      )}
    />
  )
}

/** The shop's articles (rules, help pages, the footer's links): a table by type; each opens to edit, preview or delete. */
export function ArticlesSection() {
  const { t } = useLingui()
  const room = useContentRoom('ops-articles', articleCalls.list)
  return (
    <ContentSection
      room={room}
      title={<Trans>文章</Trans>}
      addLabel={<Trans>添加文章…</Trans>}
      intro={
        <Trans>
          文章是店铺规则、会员规则、帮助等页面。填写页脚排序的文章会出现在页脚。内容为
          HTML，保存时会去掉脚本等不安全的部分。
        </Trans>
      }
      empty={<Trans>还没有文章</Trans>}
      tableLabel={t`文章列表`}
      columns={[
        { header: 'ID', numeric: true, cell: (item) => item.id },
        { header: <Trans>类型</Trans>, numeric: true, cell: (item) => item.type },
        { header: <Trans>中文标题</Trans>, cell: (item) => item.name },
        { header: <Trans>页脚排序</Trans>, numeric: true, cell: (item) => item.footerSort ?? '—' },
        activeColumn(),
        { header: <Trans>更新时间（日本时间）</Trans>, cell: (item) => shopDateTime(item.updatedAt) ?? '—' },
      ]}
      dialog={(item) => (
        <ArticleDialog
          item={item}
          onCancel={room.cancel}
          onSaved={(saved) => room.done(t`文章“${saved.name}”已保存。`, { kind: 'preview', item: saved })}
        />
      )}
      preview={(item) => <PreviewDialog item={item} onClose={room.cancel} />}
      deleteTitle={t`删除文章`}
      deletedText={(item) => t`文章“${item.name}”已删除。`}
      remove={articleCalls.remove}
    />
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { css } from '../../../../../styled-system/css'
import { ModalDialog } from '../../../../components/ui/modal-dialog.tsx'
import type { OpsLocalisedDto } from '../../../../domain/content-ops.ts'
import { RichText } from '../../../content/components/rich-text.tsx'
import { mutedText, sectionTitle } from '../../components/ops-table.ts'

const body = css({ display: 'flex', flexDirection: 'column', gap: '4', maxHeight: '70vh', overflowY: 'auto' })
const part = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  borderBottom: '1px solid',
  borderColor: 'border',
  pb: '3',
})
const language = css({ fontSize: 'xs', fontWeight: 'semibold', color: 'text.muted' })

/**
 * An announcement or article as shoppers get it in each language: the saved HTML, which the server
 * sanitised when saving (and sanitises again when sending it to the shop). A language without its own
 * title or body shows the Chinese one, as the shop does, and says so.
 */
export function PreviewDialog(props: { item: OpsLocalisedDto; onClose: () => void }) {
  const { t } = useLingui()
  const { item } = props
  const parts = [
    { lang: 'zh-CN', label: t`中文`, name: item.name, content: item.content },
    { lang: 'ja', label: t`日文`, name: item.jpName, content: item.jpContent },
    { lang: 'en', label: t`英文`, name: item.enName, content: item.enContent },
  ]
  return (
    <ModalDialog
      title={t`预览“${item.name}”`}
      onClose={props.onClose}
      closeOnEscape
      closeOnBackdrop
      showCloseButton
      width="lg"
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
      <div className={body} tabIndex={0}>
        {parts.map((shown) => {
          const content = shown.content || item.content
          return (
            <section key={shown.lang} className={part} lang={shown.lang}>
              <p className={language}>{shown.label}</p>
              <h3 className={sectionTitle}>{shown.name || item.name}</h3>
              {shown.lang !== 'zh-CN' && (!shown.name || !shown.content) ? (
                <p className={mutedText}>
                  <Trans>此语言的标题或内容未单独填写，缺少的部分显示中文。</Trans>
                </p>
              ) : null}
              {content ? (
                <RichText html={content} />
              ) : (
                <p className={mutedText}>
                  <Trans>没有内容</Trans>
                </p>
              )}
            </section>
          )
        })}
      </div>
    </ModalDialog>
  )
}

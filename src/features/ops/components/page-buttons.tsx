import { Trans, useLingui } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'

const bar = css({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '3', fontSize: 'sm' })

/** Previous / next for a list whose page lives in the page's state; nothing when there is one page. */
export function PageButtons(props: {
  pageNum: number
  pageCount: number
  onPage: (pageNum: number) => void
}) {
  const { t } = useLingui()
  if (props.pageCount <= 1) return null
  return (
    <nav className={bar} aria-label={t`翻页`}>
      <Button variant="ghost" disabled={props.pageNum <= 1} onClick={() => props.onPage(props.pageNum - 1)}>
        <Trans>上一页</Trans>
      </Button>
      <span>
        <Trans>
          第 {props.pageNum} / {props.pageCount} 页
        </Trans>
      </span>
      <Button
        variant="ghost"
        disabled={props.pageNum >= props.pageCount}
        onClick={() => props.onPage(props.pageNum + 1)}
      >
        <Trans>下一页</Trans>
      </Button>
    </nav>
  )
}

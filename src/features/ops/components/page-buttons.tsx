import { Trans, useLingui } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Pagination } from '../../../components/ui/pagination.tsx'

const bar = css({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '3', fontSize: 'sm' })

/** What a list's answer says of the page it holds: its number, its size and how many in all. */
type PageOf = { pageNum: number; pageSize: number; total: number }

/** The page links of a list whose page lives in the URL (`hrefFor` a page's address). */
export function PageLinks(props: { page: PageOf; hrefFor: (pageNum: number) => string }) {
  const { pageNum, pageSize, total } = props.page
  return (
    <Pagination
      pageNum={pageNum}
      pageCount={Math.max(1, Math.ceil(total / pageSize))}
      hrefFor={props.hrefFor}
    />
  )
}

/** Previous / next for a list whose page lives in the page's state; nothing when there is one page. */
export function PageButtons(props: {
  /** The page shown, as the list's answer says. */
  page: PageOf
  onPage: (pageNum: number) => void
}) {
  const { t } = useLingui()
  const shown = { pageNum: props.page.pageNum, pageCount: Math.ceil(props.page.total / props.page.pageSize) }
  const { pageNum, pageCount } = shown
  if (pageCount <= 1) return null
  return (
    <nav className={bar} aria-label={t`翻页`}>
      <Button variant="ghost" disabled={pageNum <= 1} onClick={() => props.onPage(pageNum - 1)}>
        <Trans>上一页</Trans>
      </Button>
      <span>
        <Trans>
          第 {shown.pageNum} / {shown.pageCount} 页
        </Trans>
      </span>
      <Button variant="ghost" disabled={pageNum >= pageCount} onClick={() => props.onPage(pageNum + 1)}>
        <Trans>下一页</Trans>
      </Button>
    </nav>
  )
}

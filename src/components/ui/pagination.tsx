import { Trans, useLingui } from '@lingui/react/macro'
import { css, cx } from '../../../styled-system/css'
import { HrefLink } from './href-link.tsx'

const list = css({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  alignItems: 'center',
  gap: '1',
  fontSize: 'sm',
})
const cell = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '9',
  height: '9',
  px: '2',
  borderRadius: 'sm',
  border: '1px solid',
  borderColor: 'border',
  bg: 'surface',
})
const link = css({
  _hover: { borderColor: 'primary', color: 'primary' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const current = css({ bg: 'primary', borderColor: 'primary', color: 'white', fontWeight: 'semibold' })
const inactive = css({ color: 'text.muted', opacity: 0.6 })
const gap = css({ px: '1', color: 'text.muted' })

/**
 * The page numbers to show: the first, the last, and up to two either side of the current one, with a
 * gap where numbers are left out (1 … 4 5 6 7 8 … 20).
 */
export function pageWindow(currentPage: number, pageCount: number): (number | 'gap')[] {
  const shown = new Set([1, pageCount])
  for (let page = currentPage - 2; page <= currentPage + 2; page += 1) {
    if (page >= 1 && page <= pageCount) shown.add(page)
  }
  const pages = [...shown].sort((a, b) => a - b)
  const items: (number | 'gap')[] = []
  for (const [index, page] of pages.entries()) {
    const previous = pages[index - 1]
    if (previous !== undefined && page - previous > 1) items.push('gap')
    items.push(page)
  }
  return items
}

/**
 * Page links of a paged list: previous, numbers, next. Links, not buttons, since each page is an
 * address (the list's state lives in the URL); the current page is marked with aria-current.
 * Renders nothing for a single page.
 */
export function Pagination(props: {
  pageNum: number
  pageCount: number
  /** The address of a page, e.g. the same list with `pageNum` changed. */
  hrefFor: (page: number) => string
  /** What the navigation is called; defaults to 'pages'. */
  label?: string
}) {
  const { t } = useLingui()
  const { pageNum, pageCount, hrefFor } = props
  if (pageCount <= 1) return null
  const previous = pageNum > 1 ? Math.min(pageNum - 1, pageCount) : undefined
  const next = pageNum < pageCount ? pageNum + 1 : undefined
  return (
    <nav aria-label={props.label ?? t`分页`}>
      <ul className={list}>
        <li>
          {previous ? (
            <HrefLink className={cx(cell, link)} href={hrefFor(previous)} rel="prev">
              <Trans>上一页</Trans>
            </HrefLink>
          ) : (
            <span className={cx(cell, inactive)} aria-disabled="true">
              <Trans>上一页</Trans>
            </span>
          )}
        </li>
        {pageWindow(pageNum, pageCount).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} className={gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <HrefLink
                className={cx(cell, link, item === pageNum && current)}
                href={hrefFor(item)}
                aria-label={t`第 ${item} 页`}
                aria-current={item === pageNum ? 'page' : undefined}
              >
                {item}
              </HrefLink>
            </li>
          ),
        )}
        <li>
          {next ? (
            <HrefLink className={cx(cell, link)} href={hrefFor(next)} rel="next">
              <Trans>下一页</Trans>
            </HrefLink>
          ) : (
            <span className={cx(cell, inactive)} aria-disabled="true">
              <Trans>下一页</Trans>
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}

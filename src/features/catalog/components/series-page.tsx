import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { Pagination } from '../../../components/ui/pagination.tsx'
import type { SeriesDto } from '../../../domain/catalog.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { usePageHref } from '../use-page-href.ts'
import { SeriesGrid } from './series-grid.tsx'

const count = css({ fontSize: 'sm', color: 'text.muted' })

/**
 * A page of series (hot series, all series): title, how many, the tiles and, for the paged hot
 * series, page links that change `page` in the URL.
 */
export function SeriesPage(props: {
  title: ReactNode
  series: SeriesDto[]
  total: number
  paging?: { pageNum: number; pageCount: number }
}) {
  const language = useLanguage()
  const pageHref = usePageHref('page')
  const total = props.total
  return (
    <section className={pageStack} aria-labelledby="series-title">
      <div className={pageHeader}>
        <h1 id="series-title" className={pageTitle}>
          {props.title}
        </h1>
        <p className={count}>
          <Trans>共 {total} 个系列</Trans>
        </p>
      </div>
      {props.series.length === 0 ? (
        <Notice tone="info" title={<Trans>这里还没有系列</Trans>}>
          <Trans>有商品上架后，系列会显示在这里。</Trans>
        </Notice>
      ) : (
        <SeriesGrid series={props.series} language={language} />
      )}
      {props.paging ? (
        <Pagination pageNum={props.paging.pageNum} pageCount={props.paging.pageCount} hrefFor={pageHref} />
      ) : null}
    </section>
  )
}

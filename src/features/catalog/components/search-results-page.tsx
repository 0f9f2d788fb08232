import { Trans } from '@lingui/react/macro'
import { useLoaderData } from '@tanstack/react-router'
import { Notice } from '../../../components/ui/notice.tsx'
import type { BrandDto, SearchPage, SeriesDto } from '../../../domain/catalog.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { ProductListPage } from './product-list-page.tsx'
import { type SearchFilters, SearchFiltersPanel } from './search-filters.tsx'

/**
 * /product-search/list: the filters in force and ways to refine them, the number of results and the
 * cards. No filter at all lists every product.
 */
export function SearchResultsPage(props: {
  page: SearchPage
  filters: SearchFilters
  series: SeriesDto | undefined
  brand: BrandDto | undefined
  onFiltersChange: (next: SearchFilters) => void
}) {
  const language = useLanguage()
  const { more, total } = props.page
  // The category tree the shell loaded once for its navigation.
  const categories = useLoaderData({ from: '__root__', select: (data) => data.categories })
  return (
    <ProductListPage
      title={<Trans>商品搜索</Trans>}
      page={props.page}
      basePath="/product-search/product"
      count={more ? <Trans>超过 {total} 件商品</Trans> : undefined}
      toolbar={
        <SearchFiltersPanel
          filters={props.filters}
          categories={categories}
          series={props.series}
          brand={props.brand}
          language={language}
          onChange={props.onFiltersChange}
        />
      }
      empty={
        <Notice tone="info" title={<Trans>没有找到相关商品</Trans>}>
          <Trans>试试输入商品编号或 JAN 码，或减少关键词。</Trans>
        </Notice>
      }
    />
  )
}

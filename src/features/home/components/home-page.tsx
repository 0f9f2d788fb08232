import { Trans } from '@lingui/react/macro'
import { useDeferredValue, useRef } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import type { Language } from '../../../domain/language.ts'
import { more, ProductListSection } from '../../catalog/components/product-list-section.tsx'
import type { HomeData } from '../load-home.ts'
import { AnnouncementBoard } from './announcement-board.tsx'
import { BannerCarousel } from './banner-carousel.tsx'
import { HomeSearch } from './home-search.tsx'
import { HomeTips } from './home-tips.tsx'
import { HotSeries } from './hot-series.tsx'
import { RateHint } from './rate-hint.tsx'
import { TrendingBrands } from './trending-brands.tsx'

const page = css({ display: 'flex', flexDirection: 'column', gap: '8' })
const top = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const searchRow = css({
  display: 'flex',
  flexDirection: { base: 'column', lg: 'row' },
  alignItems: { base: 'stretch', lg: 'center' },
  justifyContent: 'space-between',
  gap: '3',
})
const hints = css({ display: 'flex', flexDirection: 'column', gap: '1' })

function LoadFailed(props: { offline: boolean; onRetry: () => void }) {
  return (
    <Notice
      tone={props.offline ? 'warning' : 'error'}
      title={props.offline ? <Trans>你现在处于离线状态</Trans> : <Trans>商品加载失败</Trans>}
      action={
        <Button onClick={props.onRetry}>
          <Trans>重试</Trans>
        </Button>
      }
    >
      {props.offline ? (
        <Trans>本机还没有保存这些商品。连上网络后会自动显示。</Trans>
      ) : (
        <Trans>请稍后重试；如果一直失败，请联系客服。</Trans>
      )}
    </Notice>
  )
}

const NO_PRODUCTS: HomeData['products'] = { recommend: [], hot: [], fresh: [], discount: [] }

/**
 * The home page (spec §2 'Home'): banners and announcements, the search with the rate and the two
 * hint lines, the hot series and the trending brands, then the recommended, hot (with a link to the
 * best sellers), new and discounted lists, each only when it has products.
 */
export function HomePage(props: { data: HomeData; language: Language; onRetry: () => void }) {
  const { data, language } = props
  const searchRef = useRef<HTMLInputElement>(null)
  // The lists below the first screen (dozens of cards) render in a second, interruptible pass, so
  // the banner and the search show without waiting for them and no input waits behind one long task.
  const products = useDeferredValue(data.products, NO_PRODUCTS)
  const noProducts =
    !data.productsFailed && Object.values(data.products).every((list: unknown[]) => list.length === 0)
  // Without a banner the page's largest paint is the first card of the first list shown.
  const leadingList =
    data.banners.length > 0
      ? undefined
      : (['recommend', 'hot', 'fresh', 'discount'] as const).find((list) => products[list].length > 0)
  return (
    <div className={page}>
      {data.productsFailed ? <LoadFailed offline={data.offline} onRetry={props.onRetry} /> : null}
      {data.banners.length > 0 || data.announcements.length > 0 ? (
        <div className={top}>
          <BannerCarousel banners={data.banners} />
          {/* the area is gone once closed: focus goes on to the search that follows it */}
          <AnnouncementBoard announcements={data.announcements} onClosed={() => searchRef.current?.focus()} />
        </div>
      ) : null}
      <div className={searchRow}>
        <HomeSearch inputRef={searchRef} />
        <div className={hints}>
          <RateHint />
          <HomeTips />
        </div>
      </div>
      <HotSeries series={data.hotSeries} language={language} />
      <TrendingBrands brands={data.trendingBrands} language={language} />
      <ProductListSection
        id="recommend"
        title={<Trans>推荐商品</Trans>}
        products={products.recommend}
        leadsPage={leadingList === 'recommend'}
        language={language}
        moreHref="/product-recommend/list"
      />
      <ProductListSection
        id="hot"
        title={<Trans>热门商品</Trans>}
        products={products.hot}
        leadsPage={leadingList === 'hot'}
        language={language}
        moreHref="/product-hot/list"
        links={
          <HrefLink className={more} href="/product-best/list">
            <Trans>畅销商品</Trans>
          </HrefLink>
        }
      />
      <ProductListSection
        id="new"
        title={<Trans>新品上架</Trans>}
        products={products.fresh}
        leadsPage={leadingList === 'fresh'}
        language={language}
        moreHref="/product-new/list"
      />
      <ProductListSection
        id="discount"
        title={<Trans>折扣商品</Trans>}
        products={products.discount}
        leadsPage={leadingList === 'discount'}
        language={language}
        moreHref="/product-discount/list"
      />
      {noProducts ? (
        <Notice tone="info" title={<Trans>暂时没有上架的商品</Trans>}>
          <Trans>新品上架后会显示在这里。</Trans>
        </Notice>
      ) : null}
    </div>
  )
}

import { Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import type { ProductCardDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { ProductListSection } from '../../catalog/components/product-list-section.tsx'

const page = css({ display: 'flex', flexDirection: 'column', gap: '8' })

export interface HomeData {
  hotList: ProductCardDto[]
  /** The hot list could not be fetched (no network and nothing cached, or a server error). */
  hotListFailed: boolean
  offline: boolean
}

export function HomePage(props: { data: HomeData; language: Language; onRetry: () => void }) {
  const { data, language } = props
  return (
    <div className={page}>
      {data.hotListFailed ? (
        <Notice
          tone={data.offline ? 'warning' : 'error'}
          title={data.offline ? <Trans>你现在处于离线状态</Trans> : <Trans>商品加载失败</Trans>}
          action={
            <Button onClick={props.onRetry}>
              <Trans>重试</Trans>
            </Button>
          }
        >
          {data.offline ? (
            <Trans>本机还没有保存这些商品。连上网络后会自动显示。</Trans>
          ) : (
            <Trans>请稍后重试；如果一直失败，请联系客服。</Trans>
          )}
        </Notice>
      ) : null}
      <ProductListSection
        id="hot"
        title={<Trans>热门商品</Trans>}
        products={data.hotList}
        language={language}
      />
      {!data.hotListFailed && data.hotList.length === 0 ? (
        <Notice tone="info" title={<Trans>暂时没有热门商品</Trans>}>
          <Trans>新品上架后会显示在这里。</Trans>
        </Notice>
      ) : null}
    </div>
  )
}

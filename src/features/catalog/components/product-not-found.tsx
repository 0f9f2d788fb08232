import { Trans } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { css } from '../../../../styled-system/css'
import { Notice } from '../../../components/ui/notice.tsx'

const links = css({ display: 'flex', flexWrap: 'wrap', gap: '4', fontSize: 'sm' })
const link = css({
  color: 'primary',
  textDecoration: 'underline',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/** An unknown product id (the server's 404), with ways back. */
export function ProductNotFound() {
  const router = useRouter()
  return (
    <Notice
      tone="info"
      title={<Trans>该商品不存在或已下架</Trans>}
      action={
        <div className={links}>
          {router.history.canGoBack() ? (
            <button type="button" className={link} onClick={() => router.history.back()}>
              <Trans>返回上一页</Trans>
            </button>
          ) : null}
          <Link className={link} to="/product-hot/list">
            <Trans>看看热门商品</Trans>
          </Link>
          <Link className={link} to="/">
            <Trans>返回首页</Trans>
          </Link>
        </div>
      }
    >
      <Trans>链接可能已失效，或商品已被移除。</Trans>
    </Notice>
  )
}

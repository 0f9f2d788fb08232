import { Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { productSearchHref } from '../../catalog/search-link.ts'
import { HOT_SERIES_HREF } from './hot-series.tsx'

const list = css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })
const tip = css({
  color: 'text.muted',
  borderRadius: 'sm',
  _hover: { color: 'primary', textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const mark = css({ color: 'secondary.hover', fontWeight: 'bold', mr: '1' })

/**
 * The two hint lines of the home page (spec §2: IP tips and hot IP tips). The spec does not say where
 * they lead: the first to the search over every product, the second to the hot series.
 */
export function HomeTips() {
  return (
    <ul className={list}>
      <li>
        <HrefLink href={productSearchHref({})} className={tip}>
          <span className={mark} aria-hidden="true">
            IP
          </span>
          <Trans>找不到想要的作品？按作品名、角色名搜索全部商品</Trans>
        </HrefLink>
      </li>
      <li>
        <HrefLink href={HOT_SERIES_HREF} className={tip}>
          <span className={mark} aria-hidden="true">
            HOT
          </span>
          <Trans>热门 IP 一览：看看大家都在预订哪些作品</Trans>
        </HrefLink>
      </li>
    </ul>
  )
}

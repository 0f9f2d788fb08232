import { Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { OfflineDestinationLinks } from './offline-destinations.tsx'

// Floats over the page, so appearing and going never moves what is under it.
const badge = css({
  position: 'fixed',
  left: '3',
  bottom: '3',
  zIndex: 40,
  maxWidth: 'calc(100vw - token(spacing.6))',
  px: '3',
  py: '1.5',
  borderRadius: 'lg',
  bg: 'gray.900',
  color: 'white',
  fontSize: 'xs',
  boxShadow: 'md',
})
const pages = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '2', mt: '0.5' })
const pageList = css({ display: 'flex', flexWrap: 'wrap', columnGap: '2' })
const pageLink = css({
  color: 'white',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'white', outlineOffset: '1px' },
})

/** What the offline indicator shows: the shop is offline, and the pages that open meanwhile. */
export function OfflineBadge() {
  return (
    <div className={badge}>
      <p>
        <Trans>当前离线，显示的是本机保存的内容</Trans>
      </p>
      <nav className={pages} aria-labelledby="offline-indicator-pages">
        <span id="offline-indicator-pages">
          <Trans>可以打开：</Trans>
        </span>
        <ul className={pageList}>
          <OfflineDestinationLinks linkClassName={pageLink} />
        </ul>
      </nav>
    </div>
  )
}

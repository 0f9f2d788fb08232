import { Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { useOnline } from './use-online.ts'

// Floats over the page, so appearing and going never moves what is under it.
const badge = css({
  position: 'fixed',
  left: '3',
  bottom: '3',
  zIndex: 40,
  maxWidth: 'calc(100vw - token(spacing.6))',
  px: '3',
  py: '1.5',
  borderRadius: 'full',
  bg: 'gray.900',
  color: 'white',
  fontSize: 'xs',
  boxShadow: 'md',
  pointerEvents: 'none',
})

/**
 * Says the shop is offline while it is. The live region is always there (empty when online), so
 * screen readers announce the change.
 */
export function OfflineIndicator() {
  const online = useOnline()
  return (
    <div role="status" data-testid="offline-indicator">
      {online ? null : (
        <p className={badge}>
          <Trans>当前离线，显示的是本机保存的内容</Trans>
        </p>
      )}
    </div>
  )
}

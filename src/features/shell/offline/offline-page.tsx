import { Trans } from '@lingui/react/macro'
import { useEffect } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { OfflineDestinationLinks } from './offline-destinations.tsx'

const box = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  maxWidth: '2xl',
  mx: 'auto',
  p: { base: '4', md: '6' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const title = css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'bold' })
const linksTitle = css({ fontSize: 'sm', fontWeight: 'semibold' })
const links = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const link = css({
  display: 'inline-flex',
  px: '3',
  py: '2',
  minHeight: '11',
  alignItems: 'center',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  _hover: { bg: 'surface.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

const RETRY_MS = 5000

/**
 * Shown instead of a page whose data cannot load because the network is down and the device has not
 * saved it: says so, leads to the pages that open offline, and loads the page by itself (`onRetry`)
 * once the network is back.
 */
export function OfflinePage(props: {
  onRetry?: () => void
  /** 2 inside a page that has its own title (the cart's). */
  headingLevel?: 1 | 2
}) {
  const Title = props.headingLevel === 2 ? 'h2' : 'h1'
  const LinksTitle = props.headingLevel === 2 ? 'h3' : 'h2'
  const { onRetry } = props
  useEffect(() => {
    if (!onRetry) return
    window.addEventListener('online', onRetry)
    // The retry on `online` can race the network's return; keep trying while the browser is online.
    const retryWhileOnline = window.setInterval(() => {
      if (navigator.onLine) onRetry()
    }, RETRY_MS)
    return () => {
      window.removeEventListener('online', onRetry)
      window.clearInterval(retryWhileOnline)
    }
  }, [onRetry])

  return (
    <section className={box} aria-labelledby="offline-page-title" data-testid="offline-page">
      <Title id="offline-page-title" className={title}>
        <Trans>当前离线，这一页还没有保存在本机</Trans>
      </Title>
      <p>
        <Trans>打开过的页面在离线时也能查看。连上网络后，这一页会自动加载。</Trans>
      </p>
      <nav aria-labelledby="offline-page-links">
        <LinksTitle id="offline-page-links" className={linksTitle}>
          <Trans>离线时可以查看</Trans>
        </LinksTitle>
        <ul className={links}>
          <OfflineDestinationLinks linkClassName={link} />
        </ul>
      </nav>
      {onRetry ? (
        <div>
          <Button variant="secondary" onClick={onRetry}>
            <Trans>重试</Trans>
          </Button>
        </div>
      ) : null}
    </section>
  )
}

import { useRegisterSW } from 'virtual:pwa-register/react'
import { Trans } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'

const toast = css({
  position: 'fixed',
  insetX: '4',
  bottom: '4',
  mx: 'auto',
  maxWidth: 'md',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  p: '3',
  bg: 'gray.900',
  color: 'white',
  borderRadius: 'md',
  boxShadow: 'lg',
  fontSize: 'sm',
  zIndex: 50,
})

/**
 * Registers the service worker and offers a new version when one is waiting; the shopper decides
 * when to reload, so a half-filled form is never lost to an update.
 */
export default function AppUpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW()

  if (needRefresh) {
    return (
      <div className={toast} role="status" data-testid="update-prompt">
        <span>
          <Trans>有新版本可用。</Trans>
        </span>
        <span>
          <Button variant="secondary" onClick={() => void updateServiceWorker(true)}>
            <Trans>立即更新</Trans>
          </Button>
          <Button variant="ghost" onClick={() => setNeedRefresh(false)}>
            <Trans>稍后</Trans>
          </Button>
        </span>
      </div>
    )
  }
  if (offlineReady) {
    return (
      <div className={toast} role="status" data-testid="offline-ready">
        <span>
          <Trans>已保存到本机，断网时也能打开。</Trans>
        </span>
        <Button variant="ghost" onClick={() => setOfflineReady(false)}>
          <Trans>知道了</Trans>
        </Button>
      </div>
    )
  }
  return null
}

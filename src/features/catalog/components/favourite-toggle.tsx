import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { ApiFailure } from '../../../lib/api-client.ts'
import { showToast } from '../../../lib/toast.ts'
import { useSession } from '../../account/session/use-session.tsx'
import { offlineActionMessage } from '../../shell/offline/network-down.ts'
import { toggleFavourite } from '../api/toggle-favourite.ts'
import { useLoginHref } from '../use-login-href.ts'

const outline = css({ border: '1px solid', borderColor: 'secondary', color: 'secondary.hover' })
const star = css({ fontSize: 'md', lineHeight: '1' })

/**
 * Adds the product to the favourites or takes it out (a toggle button, aria-pressed). A visitor is
 * sent to log in and brought back here.
 */
export function FavouriteToggle(props: { productId: number; collected: boolean }) {
  const { t } = useLingui()
  const { signedIn } = useSession()
  const router = useRouter()
  const loginHref = useLoginHref()
  const [collected, setCollected] = useState(props.collected)
  const [busy, setBusy] = useState(false)

  if (!signedIn) {
    return (
      <Button variant="ghost" className={outline} onClick={() => router.history.push(loginHref)}>
        <span className={star} aria-hidden="true">
          ☆
        </span>
        <Trans>登录后收藏</Trans>
      </Button>
    )
  }

  const toggle = async () => {
    // Favourites are not queued offline: say so rather than send a call that cannot arrive.
    if (!navigator.onLine) {
      showToast({ tone: 'warning', message: offlineActionMessage() })
      return
    }
    setBusy(true)
    try {
      const result = await toggleFavourite(props.productId)
      setCollected(result.collected)
      showToast({ tone: 'success', message: result.collected ? t`已加入收藏` : t`已取消收藏` })
    } catch (error) {
      // The API client has shown the server's message.
      if (!(error instanceof ApiFailure)) throw error
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button
      variant="ghost"
      className={outline}
      aria-pressed={collected}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <span className={star} aria-hidden="true">
        {collected ? '★' : '☆'}
      </span>
      <Trans>收藏</Trans>
    </Button>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { ApiFailure } from '../../../lib/api-client.ts'
import { showToast } from '../../../lib/toast.ts'
import { useSession } from '../../account/session/use-session.tsx'
import { useLoginHref } from '../../catalog/use-login-href.ts'
import { offlineActionMessage } from '../../shell/offline/network-down.ts'
import { getAlertState, subscribeAlert, unsubscribeAlert } from '../api/alerts.ts'

const outline = css({ border: '1px solid', borderColor: 'secondary', color: 'secondary.hover' })
const bell = css({ flex: 'none' })

/** A line bell (an emoji is missing from many fonts); filled while the alert is on. */
function BellIcon(props: { on: boolean }) {
  return (
    <svg
      className={bell}
      aria-hidden="true"
      focusable="false"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill={props.on ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 21h4" />
    </svg>
  )
}

/**
 * "Notify me" on a product that cannot be ordered now: a toggle button (aria-pressed). On, the shopper
 * gets one push and one mail the day it can be ordered (or a re-release opens). `subscribed` is the
 * state when the caller knows it; otherwise the button asks. A visitor is sent to log in and back.
 */
export function NotifyMeButton(props: { productId: number; subscribed?: boolean }) {
  const { t } = useLingui()
  const { signedIn } = useSession()
  const router = useRouter()
  const loginHref = useLoginHref()
  const [subscribed, setSubscribed] = useState<boolean | undefined>(props.subscribed)
  const [busy, setBusy] = useState(false)
  const { productId } = props

  useEffect(() => {
    if (!signedIn || props.subscribed !== undefined) return
    let current = true
    getAlertState(productId)
      .then((state) => {
        if (current) setSubscribed(state.subscribed)
      })
      // Unknown (offline): the button still offers to turn it on.
      .catch(() => {
        if (current) setSubscribed(false)
      })
    return () => {
      current = false
    }
  }, [signedIn, productId, props.subscribed])

  if (!signedIn) {
    return (
      <Button variant="ghost" className={outline} onClick={() => router.history.push(loginHref)}>
        <BellIcon on={false} />
        <Trans>登录后订阅到货提醒</Trans>
      </Button>
    )
  }

  const toggle = async () => {
    // Not queued offline: say so rather than send a call that cannot arrive.
    if (!navigator.onLine) {
      showToast({ tone: 'warning', message: offlineActionMessage() })
      return
    }
    setBusy(true)
    try {
      const next = subscribed ? await unsubscribeAlert(productId) : await subscribeAlert(productId)
      setSubscribed(next.subscribed)
      showToast({
        tone: 'success',
        message: next.subscribed ? t`可以下单时我们会通知您` : t`已关闭到货提醒`,
      })
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
      aria-pressed={subscribed === true}
      disabled={busy || subscribed === undefined}
      onClick={() => void toggle()}
    >
      <BellIcon on={subscribed === true} />
      {subscribed ? <Trans>已订阅到货提醒</Trans> : <Trans>到货提醒我</Trans>}
    </Button>
  )
}

export default NotifyMeButton

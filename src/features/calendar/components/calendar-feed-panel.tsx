import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { fieldControl } from '../../../components/ui/form-field.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { ApiFailure } from '../../../lib/api-client.ts'
import { showToast } from '../../../lib/toast.ts'
import { offlineActionMessage } from '../../shell/offline/network-down.ts'
import { getCalendarFeedUrl, rotateCalendarFeedUrl } from '../api/calendar.ts'

const panel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: { base: '3', md: '4' },
  bg: 'surface.muted',
  borderRadius: 'md',
})
const heading = css({ fontSize: 'lg', fontWeight: 'bold', color: 'primary' })
const explain = css({ fontSize: 'sm', color: 'text.muted' })
const urlRow = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })
const urlField = css({ flex: '1 1 16rem', fontFamily: 'mono', fontSize: 'xs' })
const subscribeLink = css({
  color: 'primary',
  textDecoration: 'underline',
  fontWeight: 'medium',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/** The same feed for calendar apps: webcal: makes the system offer to subscribe rather than download. */
const webcalOf = (url: string) => url.replace(/^https?:/, 'webcal:')

/**
 * A signed-in shopper's calendar feed: their favourites' pre-order closings and their balance due
 * dates, for a calendar app. The secret address is asked for only when the shopper wants it (asking
 * makes it); it can be copied, opened as a subscription, or replaced when it has leaked.
 */
export function CalendarFeedPanel() {
  const { t } = useLingui()
  const headingId = useId()
  const urlId = useId()
  const [url, setUrl] = useState<string>()
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle')
  const [confirming, setConfirming] = useState(false)
  const [rotating, setRotating] = useState(false)

  const load = async () => {
    setState('loading')
    try {
      setUrl((await getCalendarFeedUrl()).url)
      setState('idle')
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error
      setState('failed')
    }
  }

  const copy = async (address: string) => {
    try {
      await navigator.clipboard.writeText(address)
      showToast({ tone: 'success', message: t`链接已复制` })
    } catch {
      // No clipboard (an older browser, a denied permission): the field is selected for the shopper.
      const field = document.getElementById(urlId)
      if (field instanceof HTMLInputElement) field.select()
      showToast({ tone: 'info', message: t`请手动复制链接` })
    }
  }

  const rotate = async () => {
    // Not queued offline: a new address must come from the server.
    if (!navigator.onLine) {
      setConfirming(false)
      showToast({ tone: 'warning', message: offlineActionMessage() })
      return
    }
    setRotating(true)
    try {
      setUrl((await rotateCalendarFeedUrl()).url)
      showToast({ tone: 'success', message: t`已生成新的订阅链接，旧链接已失效` })
    } catch (error) {
      // The API client has shown the server's message.
      if (!(error instanceof ApiFailure)) throw error
    } finally {
      setRotating(false)
      setConfirming(false)
    }
  }

  return (
    <section className={panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={heading}>
        <Trans>订阅到日历应用</Trans>
      </h2>
      <p className={explain}>
        <Trans>
          把你收藏商品的预订截止日和订单的尾款到期日加入手机或电脑的日历。这个链接只属于你，请不要分享给别人。
        </Trans>
      </p>
      {url === undefined ? (
        <div>
          <Button disabled={state === 'loading'} onClick={() => void load()}>
            <Trans>获取订阅链接</Trans>
          </Button>
        </div>
      ) : (
        <>
          <label htmlFor={urlId} className={explain}>
            <Trans>你的订阅链接</Trans>
          </label>
          <div className={urlRow}>
            <input
              id={urlId}
              className={`${fieldControl} ${urlField}`}
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button onClick={() => void copy(url)}>
              <Trans>复制链接</Trans>
            </Button>
          </div>
          <div className={urlRow}>
            <a className={subscribeLink} href={webcalOf(url)}>
              <Trans>在日历应用中订阅</Trans>
            </a>
            <Button variant="ghost" disabled={rotating} onClick={() => setConfirming(true)}>
              <Trans>重置链接</Trans>
            </Button>
          </div>
        </>
      )}
      {state === 'failed' ? (
        <Notice
          tone="error"
          title={<Trans>订阅链接加载失败</Trans>}
          action={
            <Button onClick={() => void load()}>
              <Trans>重试</Trans>
            </Button>
          }
        >
          {navigator.onLine ? (
            <Trans>请稍后重试；如果一直失败，请联系客服。</Trans>
          ) : (
            <Trans>当前离线：这项操作需要联网，请连上网络后再试。</Trans>
          )}
        </Notice>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={<Trans>重置订阅链接？</Trans>}
          confirmLabel={<Trans>重置链接</Trans>}
          busy={rotating}
          onConfirm={() => void rotate()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            <Trans>重置后旧链接会立即失效，已经用它订阅的日历应用将不再更新，需要用新链接重新订阅。</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}

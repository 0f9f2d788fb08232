import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { css } from '../../../../styled-system/css'
import { type PushSwitchState, usePushSwitch } from '../push/use-push-switch.ts'
import { accountSection, accountSectionTitle } from './account-section.ts'

const row = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4' })
const hint = css({ fontSize: 'sm', color: 'text.muted' })
const problem = css({ fontSize: 'sm', color: 'status.cancelled' })
const track = css({
  position: 'relative',
  flex: 'none',
  width: '12',
  height: '7',
  borderRadius: 'full',
  bg: 'gray.300',
  cursor: 'pointer',
  transition: 'background-color 0.15s',
  '&[aria-checked=true]': { bg: 'primary' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const thumb = css({
  position: 'absolute',
  top: '1',
  left: '1',
  width: '5',
  height: '5',
  borderRadius: 'full',
  bg: 'white',
  boxShadow: 'sm',
  transition: 'transform 0.15s',
  '[aria-checked=true] > &': { transform: 'translateX(1.25rem)' },
})

/** What the switch's line under it says in each state. */
function StateText({ state }: { state: PushSwitchState }) {
  switch (state.kind) {
    case 'checking':
      return null
    case 'unsupported':
      return <Trans>此浏览器不支持推送通知。</Trans>
    case 'needsInstall':
      return (
        <Trans>
          在 iPhone 和 iPad 上，请先将 Yoyaku 添加到主屏幕（分享 → 添加到主屏幕），再从主屏幕打开 Yoyaku
          并在这里开启通知。
        </Trans>
      )
    case 'denied':
      return <Trans>此网站的通知已被屏蔽：请在浏览器的网站设置中允许通知，然后刷新本页。</Trans>
    case 'on':
      return <Trans>已开启：付款、打包和运费的截止提醒会推送到此设备。</Trans>
    case 'turningOn':
      return <Trans>正在开启通知…</Trans>
    case 'turningOff':
      return <Trans>正在关闭通知…</Trans>
    case 'off':
      return <Trans>开启后，付款、打包和运费的截止提醒会推送到此设备。</Trans>
  }
}

/**
 * The account page's switch for reminders by Web Push on this device (flows §6), with the browser's
 * permission state and what to do when push is blocked, unsupported, or needs the app installed.
 */
export function NotificationsSwitch() {
  const { state, toggle } = usePushSwitch()
  const titleId = useId()
  const labelId = useId()
  const hintId = useId()
  const usable = state.kind === 'on' || state.kind === 'off'
  const checked = state.kind === 'on' || state.kind === 'turningOff'
  const failure = state.kind === 'off' ? state.problem : undefined
  return (
    <section className={accountSection} aria-labelledby={titleId}>
      <h2 id={titleId} className={accountSectionTitle}>
        <Trans>通知</Trans>
      </h2>
      <div className={row}>
        <span id={labelId}>
          <Trans>在此设备上接收截止提醒</Trans>
        </span>
        <button
          type="button"
          role="switch"
          className={track}
          aria-checked={checked}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          aria-busy={state.kind === 'turningOn' || state.kind === 'turningOff'}
          disabled={!usable}
          onClick={toggle}
        >
          <span className={thumb} aria-hidden="true" />
        </button>
      </div>
      <p id={hintId} className={hint} aria-live="polite">
        <StateText state={state} />
      </p>
      {failure ? (
        <p role="alert" className={problem}>
          {failure === 'unreachable' ? (
            <Trans>无法连接推送服务，请稍后再试。</Trans>
          ) : (
            <Trans>未能开启通知，请稍后再试。</Trans>
          )}
        </p>
      ) : null}
    </section>
  )
}

import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { css } from '../../../../styled-system/css'
import type { Language } from '../../../domain/language.ts'

const text = css({ fontSize: 'sm' })
const remaining = css({
  fontWeight: 'semibold',
  fontVariantNumeric: 'tabular-nums',
  color: 'secondary.hover',
})
const lapsed = css({ fontSize: 'sm', color: 'red.700', fontWeight: 'medium' })

const LOCALE: Record<Language, string> = { zhCn: 'zh-CN', ja: 'ja-JP', en: 'en-GB' }

/** mm:ss (or h:mm:ss) of what is left. */
function clock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const pad = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`
}

/** The time on the shopper's screen, ticking once a second while the window is open. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [active])
  return now
}

/**
 * The end of the payment window (payDueTime) and a countdown to it; once it has passed, that the
 * order will be cancelled. `onLapsed` tells the panel so Pay can be held back.
 */
export function PayCountdown(props: { dueTime: string; language: Language; onLapsed?: () => void }) {
  const due = Date.parse(props.dueTime)
  const valid = Number.isFinite(due)
  const now = useNow(valid)
  const left = valid ? due - now : 0
  const over = valid && left <= 0
  const { onLapsed } = props
  useEffect(() => {
    if (over) onLapsed?.()
  }, [over, onLapsed])
  if (!valid) return null
  if (over) {
    return (
      <p className={lapsed} role="alert">
        <Trans>付款期限已过，订单将被自动取消。</Trans>
      </p>
    )
  }
  const at = new Intl.DateTimeFormat(LOCALE[props.language], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(due)
  const timeLeft = clock(left)
  return (
    <p className={text}>
      <Trans>
        请在 {at} 前完成付款，剩余 <span className={remaining}>{timeLeft}</span>
      </Trans>
    </p>
  )
}

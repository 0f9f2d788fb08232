import { css, cx } from '../../../../styled-system/css'
import type { Tone } from '../../../domain/tone.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { packageStatusInfo } from '../package-text.ts'

// The spec's convention (§4): waiting orange, done green, cancelled, refunded or locked red, the rest blue.
const toneClass: Record<Tone, string> = {
  waiting: css({ bg: 'status.waiting' }),
  done: css({ bg: 'status.done' }),
  cancelled: css({ bg: 'status.cancelled' }),
  other: css({ bg: 'status.other' }),
}

const badge = css({
  display: 'inline-block',
  px: '2',
  py: '0.5',
  borderRadius: 'sm',
  color: 'white',
  fontSize: 'xs',
  fontWeight: 'semibold',
  lineHeight: 'tight',
  whiteSpace: 'nowrap',
})

/** An outbound status (a packaging request's or a package's) in the active language and its colour. */
export function PackageStatusBadge({ status }: { status: number }) {
  const language = useLanguage()
  const info = packageStatusInfo(status)
  return (
    <span className={cx(badge, toneClass[info.tone])} data-tone={info.tone} data-status={status}>
      {info.label[language]}
    </span>
  )
}

import type { ReactNode } from 'react'
import { css, cx } from '../../../../styled-system/css'

const entry = css({ display: 'flex', justifyContent: 'space-between', gap: '3' })

/** One line of an amounts list (`<dl>`): what, then how much, at the line's far end. */
export function AmountEntry(props: { label: ReactNode; value: string; className?: string | undefined }) {
  return (
    <div className={cx(entry, props.className)}>
      <dt>{props.label}</dt>
      <dd>{props.value}</dd>
    </div>
  )
}

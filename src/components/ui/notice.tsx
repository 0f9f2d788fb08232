import type { ReactNode } from 'react'
import { css, cx } from '../../../styled-system/css'

const box = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  alignItems: { base: 'flex-start', sm: 'center' },
  justifyContent: 'space-between',
  gap: '3',
  p: '4',
  borderRadius: 'md',
  border: '1px solid',
  fontSize: 'sm',
})
const tones = {
  info: css({ bg: 'blue.50', borderColor: 'blue.200', color: 'blue.900' }),
  warning: css({ bg: 'orange.50', borderColor: 'orange.200', color: 'orange.900' }),
  error: css({ bg: 'red.50', borderColor: 'red.200', color: 'red.900' }),
}
const title = css({ fontWeight: 'semibold' })

/** A message block for empty, offline and error states; `action` is usually a retry button. */
export function Notice(props: {
  tone: keyof typeof tones
  title: ReactNode
  children?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className={cx(box, tones[props.tone])} role={props.tone === 'error' ? 'alert' : 'status'}>
      <div>
        <p className={title}>{props.title}</p>
        {props.children ? <p>{props.children}</p> : null}
      </div>
      {props.action}
    </div>
  )
}

import { useLingui } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'

const list = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const row = css({
  height: { base: '48', md: '36' },
  borderRadius: 'md',
  bg: 'gray.100',
  animation: 'pulse 1.5s ease-in-out infinite',
})

/** Placeholder orders while a page of the order list loads. */
export function OrderListPending() {
  const { t } = useLingui()
  return (
    <div className={list} role="status" aria-busy="true" aria-label={t`正在加载订单`}>
      {['a', 'b', 'c'].map((slot) => (
        <div key={slot} className={row} />
      ))}
    </div>
  )
}

/** Placeholder of the order page while it loads. */
export function OrderDetailPending() {
  const { t } = useLingui()
  return (
    <div className={list} role="status" aria-busy="true" aria-label={t`正在加载订单`}>
      {['a', 'b'].map((slot) => (
        <div key={slot} className={row} />
      ))}
    </div>
  )
}

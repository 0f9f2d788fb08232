import { useLingui } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'

const list = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const row = css({
  height: { base: '32', md: '24' },
  borderRadius: 'md',
  bg: 'gray.100',
  animation: 'pulse 1.5s ease-in-out infinite',
})

/** Placeholder lines while the cart is read for the first time. */
export function CartPageSkeleton() {
  const { t } = useLingui()
  return (
    <div className={list} role="status" aria-label={t`正在加载购物车`} aria-busy="true">
      {['a', 'b', 'c'].map((slot) => (
        <div key={slot} className={row} />
      ))}
    </div>
  )
}

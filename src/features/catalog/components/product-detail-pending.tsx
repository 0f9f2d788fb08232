import { useLingui } from '@lingui/react/macro'
import { css } from '../../../../styled-system/css'

const layout = css({
  display: 'grid',
  gap: { base: '5', md: '8' },
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
})
const block = css({ borderRadius: 'md', bg: 'gray.100', animation: 'pulse 1.5s ease-in-out infinite' })
const image = css({ aspectRatio: '1' })
const lines = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const line = css({ height: '6' })

/** Placeholder of the product page while it loads. */
export function ProductDetailPending() {
  const { t } = useLingui()
  return (
    <div className={layout} role="status" aria-busy="true" aria-label={t`正在加载商品`}>
      <div className={`${block} ${image}`} />
      <div className={lines}>
        {['40%', '100%', '75%', '50%', '66%'].map((width) => (
          <div key={width} className={`${block} ${line}`} style={{ width }} />
        ))}
      </div>
    </div>
  )
}

import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { css } from '../../../../styled-system/css'
import { Notice } from '../../../components/ui/notice.tsx'
import { getShippingMethods } from '../api/shipping-methods.ts'
import { useLoaded } from '../use-loaded.ts'
import { LoadFailure, LoadingBlock } from './load-state.tsx'
import { mutedText, pageTitle } from './ops-table.ts'
import { ShippingMethodEditor } from './shipping-method-editor.tsx'

const page = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const list = css({ display: 'flex', flexDirection: 'column', gap: '3' })

/**
 * /ops/shipping-methods: every method, each folded until opened, each edited and saved on its own
 * (limits, rules, destinations with their zones and availability, rate bands per zone).
 */
export function ShippingMethodsPage() {
  const id = useId()
  const { loaded, reload } = useLoaded('shipping-methods', getShippingMethods)
  return (
    <section className={page} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={pageTitle}>
        <Trans>运输方式与运费</Trans>
      </h1>
      <p className={mutedText}>
        <Trans>
          运费按计费重量落在哪一档计算（每档为“不超过该重量”的运费，单位日元）。修改后逐个保存；保存后新的报价立即生效，已付的运费不受影响。
        </Trans>
      </p>
      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' && loaded.data.methods.length === 0 ? (
        <Notice tone="info" title={<Trans>还没有运输方式</Trans>} />
      ) : null}
      {loaded.state === 'ready' ? (
        <div className={list}>
          {loaded.data.methods.map((method) => (
            <ShippingMethodEditor key={method.id} method={method} />
          ))}
        </div>
      ) : null}
    </section>
  )
}

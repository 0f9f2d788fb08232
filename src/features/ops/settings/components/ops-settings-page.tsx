import { Trans } from '@lingui/react/macro'
import { css } from '../../../../../styled-system/css'
import { getPayLatch } from '../../api/pay-latch.ts'
import { LoadFailure, LoadingBlock } from '../../components/load-state.tsx'
import { pageTitle } from '../../components/ops-table.ts'
import { VipLevelsEditor } from '../../components/vip-levels-editor.tsx'
import { useLoaded } from '../../use-loaded.ts'
import { ChargesSection } from './charges-section.tsx'
import { PayLatchForm } from './pay-latch-form.tsx'
import { RateSection } from './rate-section.tsx'

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '2xl' })

/**
 * /ops/settings: the shop's switches and figures: the pay latch (flows §2), to close payments for
 * maintenance; the charges (deposit share, fees, storage fee) and the renminbi rate (backoffice §5);
 * the membership levels with their monthly job.
 */
export function OpsSettingsPage() {
  const { loaded, reload } = useLoaded('pay-latch', getPayLatch)
  return (
    <section className={page} aria-labelledby="ops-settings-title">
      <h1 id="ops-settings-title" className={pageTitle}>
        <Trans>设置</Trans>
      </h1>
      {loaded.state === 'loading' ? <LoadingBlock /> : null}
      {loaded.state === 'failed' ? <LoadFailure error={loaded.error} onRetry={reload} /> : null}
      {loaded.state === 'ready' ? <PayLatchForm current={loaded.data} onSaved={reload} /> : null}
      <ChargesSection />
      <RateSection />
      <VipLevelsEditor />
    </section>
  )
}

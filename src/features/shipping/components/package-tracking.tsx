import { Trans } from '@lingui/react/macro'
import { useCallback, useEffect, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import type { TrackingDto } from '../../../domain/packaging.ts'
import { trackingUrl } from '../../../domain/shipping.ts'
import { getPackageTracking } from '../api/package-tracking.ts'
import { carrierText } from '../shipping-messages.ts'
import { muted, term, textLink, value } from './package-look.ts'

const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const facts = css({ display: 'flex', flexWrap: 'wrap', gap: '6', fontSize: 'sm' })
const trackingNo = css({ fontWeight: 'semibold', letterSpacing: 'wide' })
const failure = css({ fontSize: 'sm', color: 'red.700' })

type Tracking = { kind: 'loading' } | { kind: 'ok'; tracking: TrackingDto } | { kind: 'failed' }

/** GET /mall/package/tracking/{packageId}, read once per package (and again on Retry). */
function useTracking(packageId: number): { tracking: Tracking; retry: () => void } {
  const [tracking, setTracking] = useState<Tracking>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks for another read
  useEffect(() => {
    let live = true
    setTracking({ kind: 'loading' })
    getPackageTracking(packageId).then(
      (answer) => {
        if (live) setTracking({ kind: 'ok', tracking: answer })
      },
      () => {
        if (live) setTracking({ kind: 'failed' })
      },
    )
    return () => {
      live = false
    }
  }, [packageId, attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { tracking, retry }
}

/**
 * The package's tracking (flows §5, spec §8): the number, the carrier and a link to the carrier's page
 * once shipped; "awaiting update of the tracking number" before; "unable to retrieve tracking
 * information" when the call fails.
 */
export function PackageTracking({ packageId }: { packageId: number }) {
  const { tracking, retry } = useTracking(packageId)
  if (tracking.kind === 'loading') {
    return (
      <p className={muted} role="status">
        <Trans>正在读取物流信息…</Trans>
      </p>
    )
  }
  if (tracking.kind === 'failed') {
    return (
      <div className={row}>
        <p className={failure} role="alert">
          <Trans>无法获取物流信息</Trans>
        </p>
        <Button variant="ghost" onClick={retry}>
          <Trans>重试</Trans>
        </Button>
      </div>
    )
  }
  const { trackingNo: number, carrier } = tracking.tracking
  if (!number) {
    return (
      <p className={muted} role="status">
        <Trans>等待更新运单号</Trans>
      </p>
    )
  }
  const url = tracking.tracking.url ?? (carrier ? trackingUrl(carrier, number) : null)
  return (
    <div className={row}>
      <dl className={facts}>
        <div>
          <dt className={term}>
            <Trans>运单号</Trans>
          </dt>
          <dd className={`${value} ${trackingNo}`}>{number}</dd>
        </div>
        {carrier ? (
          <div>
            <dt className={term}>
              <Trans>承运商</Trans>
            </dt>
            <dd className={value}>{carrierText(carrier)}</dd>
          </div>
        ) : null}
      </dl>
      {url ? (
        <a className={textLink} href={url} target="_blank" rel="noopener noreferrer">
          <Trans>到承运商网站查询物流</Trans>
        </a>
      ) : null}
    </div>
  )
}

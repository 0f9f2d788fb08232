import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import type { AlertDto } from '../../../domain/alerts.ts'
import { productNameIn } from '../../../domain/catalog.ts'
import { shopDateTime } from '../../../domain/date-time.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { showToast } from '../../../lib/toast.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { accountSection, accountSectionTitle } from '../../account/components/account-section.ts'
import { offlineActionMessage } from '../../shell/offline/network-down.ts'
import { getAlertList, unsubscribeAlert } from '../api/alerts.ts'

const hint = css({ fontSize: 'sm', color: 'text.muted' })
const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' })
const row = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  py: '2',
  borderTop: '1px solid',
  borderColor: 'border',
})
const name = css({ fontWeight: 'medium', textDecoration: 'underline', overflowWrap: 'anywhere' })
const when = css({ fontSize: 'xs', color: 'text.muted' })

/** Alerts shown at a time; "show more" loads the next ones. */
const PAGE_SIZE = 20

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; alerts: AlertDto[]; total: number; pageNum: number }

/**
 * The account page's "restock alerts": each product the shopper waits for, when they asked and when
 * they were last told, with a button that turns it off.
 */
export function AlertListSection() {
  const { t } = useLingui()
  const language = useLanguage()
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  const [busy, setBusy] = useState<number | undefined>()

  const load = useCallback(async (pageNum: number, before: AlertDto[]) => {
    try {
      const page = await getAlertList(pageNum, PAGE_SIZE)
      setLoaded({ state: 'ready', alerts: [...before, ...page.list], total: page.total, pageNum })
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error
      setLoaded({ state: 'failed' })
    }
  }, [])
  useEffect(() => {
    void load(1, [])
  }, [load])

  const turnOff = async (alert: AlertDto) => {
    if (!navigator.onLine) {
      showToast({ tone: 'warning', message: offlineActionMessage() })
      return
    }
    setBusy(alert.productId)
    try {
      await unsubscribeAlert(alert.productId)
      setLoaded((current) =>
        current.state === 'ready'
          ? {
              ...current,
              alerts: current.alerts.filter((other) => other.productId !== alert.productId),
              total: current.total - 1,
            }
          : current,
      )
      showToast({ tone: 'success', message: t`已关闭到货提醒` })
    } catch (error) {
      // The API client has shown the server's message.
      if (!(error instanceof ApiFailure)) throw error
    } finally {
      setBusy(undefined)
    }
  }

  return (
    <section
      className={accountSection}
      aria-labelledby="userinfo-alerts"
      aria-busy={loaded.state === 'loading'}
    >
      <h2 id="userinfo-alerts" className={accountSectionTitle}>
        <Trans>到货提醒</Trans>
      </h2>
      <p className={hint}>
        <Trans>
          商品可以下单时（补货、开放预订或再版），我们会通过推送和邮件通知您，每件商品每天最多一次。
        </Trans>
      </p>
      {loaded.state === 'loading' ? (
        <p className={hint}>
          <Trans>正在加载…</Trans>
        </p>
      ) : loaded.state === 'failed' ? (
        <div>
          <p className={hint}>
            <Trans>到货提醒没有加载出来。</Trans>
          </p>
          <Button variant="ghost" onClick={() => void load(1, [])}>
            <Trans>重试</Trans>
          </Button>
        </div>
      ) : loaded.alerts.length === 0 ? (
        <p className={hint}>
          <Trans>还没有到货提醒。在缺货或未开售的商品页点击“到货提醒我”即可订阅。</Trans>
        </p>
      ) : (
        <>
          <ul className={list}>
            {loaded.alerts.map((alert) => {
              const productName = productNameIn(language, alert.product)
              const asked = shopDateTime(alert.createTime) ?? ''
              const sent = shopDateTime(alert.lastSentAt)
              return (
                <li key={alert.productId} className={row}>
                  <div>
                    <Link className={name} to="/product/$id" params={{ id: String(alert.productId) }}>
                      {productName}
                    </Link>
                    <p className={when}>
                      {sent ? (
                        <Trans>
                          订阅于 {asked} · 上次通知 {sent}
                        </Trans>
                      ) : (
                        <Trans>订阅于 {asked} · 尚未通知</Trans>
                      )}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    disabled={busy === alert.productId}
                    aria-label={t`关闭到货提醒：${productName}`}
                    onClick={() => void turnOff(alert)}
                  >
                    <Trans>关闭提醒</Trans>
                  </Button>
                </li>
              )
            })}
          </ul>
          {loaded.alerts.length < loaded.total ? (
            <Button variant="ghost" onClick={() => void load(loaded.pageNum + 1, loaded.alerts)}>
              <Trans>显示更多</Trans>
            </Button>
          ) : null}
        </>
      )}
    </section>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { type HistoryEntryDto, productNameIn } from '../../../domain/catalog.ts'
import { shopDateTime } from '../../../domain/date-time.ts'
import type { Page } from '../../../domain/queries.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { showToast } from '../../../lib/toast.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { removeHistory } from '../api/remove-history.ts'
import { ProductListPage } from './product-list-page.tsx'

const toolbar = css({ display: 'flex', justifyContent: 'flex-end' })
const viewed = css({ color: 'text.muted', flexBasis: '100%' })
const removeButton = css({
  px: '2',
  py: '1',
  fontSize: 'xs',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'sm',
  bg: 'surface',
  cursor: 'pointer',
  _hover: { borderColor: 'status.cancelled', color: 'status.cancelled' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

function viewedAtText(iso: string): string {
  return shopDateTime(iso) ?? '-'
}

/** The browsing history: products last opened first, each with when and a remove button; clear all. */
export function HistoryListPage({ page }: { page: Page<HistoryEntryDto> }) {
  const { t } = useLingui()
  const router = useRouter()
  const language = useLanguage()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await action()
      showToast({ tone: 'success', message: done })
      await router.invalidate()
    } catch (error) {
      // The API client has shown the server's message.
      if (!(error instanceof ApiFailure)) throw error
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <ProductListPage
        title={<Trans>浏览记录</Trans>}
        page={page}
        basePath="/product-history/product"
        toolbar={
          page.total > 0 ? (
            <div className={toolbar}>
              <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
                <Trans>清空浏览记录</Trans>
              </Button>
            </div>
          ) : null
        }
        empty={
          <Notice tone="info" title={<Trans>还没有浏览记录</Trans>}>
            <Trans>登录后打开的商品会记录在这里。</Trans>
          </Notice>
        }
        cardActions={(entry) => (
          <>
            <span className={viewed}>
              <Trans>浏览于 {viewedAtText(entry.viewedAt)}</Trans>
            </span>
            <button
              type="button"
              className={removeButton}
              disabled={busy}
              aria-label={t`从浏览记录中删除：${productNameIn(language, entry)}`}
              onClick={() => void run(() => removeHistory(entry.id), t`已从浏览记录中删除`)}
            >
              <Trans>删除</Trans>
            </button>
          </>
        )}
      />
      {confirming ? (
        <ConfirmDialog
          title={<Trans>清空浏览记录？</Trans>}
          confirmLabel={<Trans>清空</Trans>}
          onConfirm={() => {
            setConfirming(false)
            void run(() => removeHistory(), t`浏览记录已清空`)
          }}
          onCancel={() => setConfirming(false)}
          busy={busy}
        >
          <p>
            <Trans>将删除全部 {page.total} 条浏览记录，且无法恢复。</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import type { Page } from '../../../domain/queries.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { showToast } from '../../../lib/toast.ts'
import { NotifyMeButton } from '../../alerts/components/notify-me-button.tsx'
import { ProductListPage } from '../../catalog/components/product-list-page.tsx'
import { clearFavourites } from '../api/clear-favourites.ts'
import type { FavouriteCardDto } from '../api/get-favourite-list.ts'

const toolbar = css({ display: 'flex', justifyContent: 'flex-end' })
const browseLink = css({
  color: 'primary',
  textDecoration: 'underline',
  whiteSpace: 'nowrap',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})

/**
 * The favourites (spec §2 'collect'): the shopper's favourite products, the last added first. Each card
 * has its own remove button (its `bid`, see ProductCard), which reloads the page; 'clear' asks first.
 */
export function FavouriteListPage({ page }: { page: Page<FavouriteCardDto> }) {
  const { t } = useLingui()
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const total = page.total

  const clear = async () => {
    setConfirming(false)
    setBusy(true)
    try {
      await clearFavourites()
      showToast({ tone: 'success', message: t`收藏已清空` })
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
        title={<Trans>我的收藏</Trans>}
        page={page}
        basePath="/collect/product"
        // A favourite that cannot be ordered now offers its alert (on by default when it was added so).
        cardActions={(product) =>
          product.orderable && !product.alerted ? null : (
            <NotifyMeButton productId={product.id} subscribed={product.alerted} />
          )
        }
        toolbar={
          total > 0 ? (
            <div className={toolbar}>
              <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
                <Trans>清空收藏</Trans>
              </Button>
            </div>
          ) : null
        }
        empty={
          <Notice
            tone="info"
            title={<Trans>还没有收藏</Trans>}
            action={
              <Link className={browseLink} to="/product-hot/list">
                <Trans>去看看热门商品</Trans>
              </Link>
            }
          >
            <Trans>在商品页点击“收藏”，商品会出现在这里。</Trans>
          </Notice>
        }
      />
      {confirming ? (
        <ConfirmDialog
          title={<Trans>清空收藏？</Trans>}
          confirmLabel={<Trans>清空</Trans>}
          onConfirm={() => void clear()}
          onCancel={() => setConfirming(false)}
          busy={busy}
        >
          <p>
            <Trans>将取消全部 {total} 件商品的收藏，且无法恢复。</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  )
}

import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { CartNotice, CartViewLine } from '../../../../machines/cart/cart-changes.ts'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { pageHeader, pageStack, pageTitle } from '../../../components/ui/page-heading.ts'
import { productNameIn } from '../../../domain/catalog.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { useSession } from '../../account/session/use-session.tsx'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'
import { hasUnfinishedOrder } from '../../checkout/saved-checkout.ts'
import { OfflinePage } from '../../shell/offline/offline-page.tsx'
import { useOnline } from '../../shell/offline/use-online.ts'
import { cartRefusalText } from '../cart-messages.ts'
import { type CartStatus, useCart } from '../use-cart.ts'
import { CartLineRow, lineGrid } from './cart-line-row.tsx'
import { CartPageSkeleton } from './cart-page-skeleton.tsx'
import { useCartSelection } from './cart-selection.ts'
import { CartSummary } from './cart-summary.tsx'
import { cartRates, cartTotals, isPricedLine } from './cart-totals.ts'

// The checkout's code (its machine and calls) loads when the shopper presses Next, not with the cart.
const CheckoutConfirmDialog = lazy(() =>
  import('../../checkout/components/checkout-confirm-dialog.tsx').then((module) => ({
    default: module.CheckoutConfirmDialog,
  })),
)

/** What the confirmation shows: the priced selection, or an order asked for earlier and not yet confirmed. */
type Confirming =
  | { kind: 'selection'; lines: CartViewLine[]; pointsUsed: number; payable: number }
  | { kind: 'unfinished' }

const banner = css({
  p: '3',
  borderRadius: 'md',
  border: '1px solid',
  fontSize: 'sm',
})
const offlineTone = css({ bg: 'orange.50', borderColor: 'orange.200', color: 'orange.900' })
const savingTone = css({ bg: 'blue.50', borderColor: 'blue.200', color: 'blue.900' })
const refusals = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  alignItems: { base: 'stretch', sm: 'flex-start' },
  justifyContent: 'space-between',
  gap: '3',
  p: '4',
  borderRadius: 'md',
  border: '1px solid',
  bg: 'red.50',
  borderColor: 'red.200',
  color: 'red.900',
  fontSize: 'sm',
})
const refusalTitle = css({ fontWeight: 'semibold' })
const refusalList = css({ listStyle: 'disc', pl: '5', mt: '1' })
const layout = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem' },
  alignItems: 'start',
})
const linesBox = css({ bg: 'surface', border: '1px solid', borderColor: 'border', borderRadius: 'md' })
const toolbar = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '3',
  px: { base: '2', md: '3' },
  py: '2',
  borderBottom: '1px solid',
  borderColor: 'border',
})
const selectAll = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  mr: 'auto',
  cursor: 'pointer',
})
const checkbox = css({
  width: '5',
  height: '5',
  accentColor: 'primary',
  cursor: 'pointer',
  _disabled: { cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const columnHeads = css({
  display: { base: 'none', md: 'grid' },
  px: '3',
  py: '2',
  fontSize: 'xs',
  color: 'text.muted',
  bg: 'surface.muted',
  borderBottom: '1px solid',
  borderColor: 'border',
})
const productHead = css({ gridColumn: '1 / span 3' })
const rightHead = css({ textAlign: 'right' })
const emptyLink = css({ textDecoration: 'underline', whiteSpace: 'nowrap' })

/**
 * The cart (spec §2 'Cart'): select lines (all by default), change amounts, remove lines or clear the
 * cart, and see the amount due of the selected lines with points. Works offline: changes are kept on
 * the device and sent later, and the page says so.
 */
export function CartPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const cart = useCart()
  const { startup } = useSession()
  const online = useOnline()
  useDocumentTitle(t`购物车`)
  useReloadOnVisit(cart.refresh)

  const selection = useCartSelection(cart.actor, cart.lines)
  const rates = useMemo(() => cartRates(startup.charge), [startup.charge])
  const totals = useMemo(() => cartTotals(selection.selected, rates), [selection.selected, rates])
  const [confirmingClear, setConfirmingClear] = useState(false)
  const [confirming, setConfirming] = useState<Confirming | null>(null)
  useUnfinishedCheckout(() => setConfirming({ kind: 'unfinished' }))
  const refreshCart = cart.refresh
  const cartChanged = useCallback(() => refreshCart(), [refreshCart])
  const selectAllRef = useRef<HTMLInputElement>(null)

  const selectableCount = selection.selectable.length
  const selectedCount = selection.selected.length
  const allSelected = selectableCount > 0 && selectedCount === selectableCount
  const someSelected = selectedCount > 0 && !allSelected
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected
  })

  const lineCount = cart.lines.length
  // lines the server has not confirmed yet have no line id to order
  const orderable = selection.selected.filter(
    (line) => isPricedLine(line) && line.cartId > 0 && !line.pending,
  )
  const nextBlockedBy = !online ? (
    <Trans>当前离线，联网后才能下单</Trans>
  ) : cart.pendingCount > 0 ? (
    <Trans>正在保存购物车的更改，请稍候</Trans>
  ) : orderable.length === 0 ? (
    <Trans>请先选择要购买的商品</Trans>
  ) : null
  const showLines = cart.status !== 'loading' && cart.status !== 'failed' && lineCount > 0

  return (
    <section className={pageStack} aria-labelledby="cart-title">
      <div className={pageHeader}>
        <h1 id="cart-title" className={pageTitle}>
          <Trans>购物车（{lineCount}）</Trans>
        </h1>
      </div>

      <SyncBanner status={cart.status} pendingCount={cart.pendingCount} hasLines={lineCount > 0} />

      {cart.notices.length > 0 ? (
        <div className={refusals} role="alert">
          <div>
            <p className={refusalTitle}>
              <Trans>以下更改未被接受：</Trans>
            </p>
            <ul className={refusalList}>
              {cart.notices.map((notice) => (
                <li key={notice.key}>
                  <RefusalText notice={notice} />
                </li>
              ))}
            </ul>
          </div>
          <Button variant="ghost" onClick={cart.dismissNotices}>
            <Trans>知道了</Trans>
          </Button>
        </div>
      ) : null}

      {cart.status === 'loading' ? <CartPageSkeleton /> : null}

      {cart.status === 'failed' ? (
        <Notice
          tone="error"
          title={<Trans>购物车加载失败，请联系客服</Trans>}
          action={
            <Button variant="secondary" onClick={cart.refresh}>
              <Trans>重试</Trans>
            </Button>
          }
        />
      ) : null}

      {cart.status === 'offline' && lineCount === 0 && cart.pendingCount === 0 && !online ? (
        <OfflinePage headingLevel={2} onRetry={cart.refresh} />
      ) : null}

      {cart.status === 'offline' && lineCount === 0 && cart.pendingCount === 0 && online ? (
        <Notice
          tone="warning"
          title={<Trans>当前离线，暂时无法读取购物车</Trans>}
          action={
            <Button variant="secondary" onClick={cart.refresh}>
              <Trans>重试</Trans>
            </Button>
          }
        >
          <Trans>联网后会自动重新读取。</Trans>
        </Notice>
      ) : null}

      {(cart.status === 'ready' || cart.status === 'syncing') && lineCount === 0 ? (
        <Notice
          tone="info"
          title={<Trans>购物车是空的</Trans>}
          action={
            <Link className={emptyLink} to="/product-hot">
              <Trans>去看看热门商品</Trans>
            </Link>
          }
        />
      ) : null}

      {showLines ? (
        <div className={layout}>
          <div className={linesBox}>
            <div className={toolbar}>
              <label className={selectAll}>
                <input
                  ref={selectAllRef}
                  type="checkbox"
                  className={checkbox}
                  checked={allSelected}
                  disabled={selectableCount === 0}
                  onChange={(event) => selection.setAll(event.target.checked)}
                />
                <Trans>全选</Trans>
              </label>
              <Button
                variant="ghost"
                disabled={selectedCount === 0}
                onClick={() => cart.remove(selection.selected.map((line) => line.productId))}
              >
                <Trans>删除选中（{selectedCount}）</Trans>
              </Button>
              <Button variant="ghost" onClick={() => setConfirmingClear(true)}>
                <Trans>清空购物车</Trans>
              </Button>
            </div>
            <div className={cx(lineGrid, columnHeads)} aria-hidden="true">
              <span className={productHead}>
                <Trans>商品</Trans>
              </span>
              <span>
                <Trans>单价</Trans>
              </span>
              <span>
                <Trans>数量</Trans>
              </span>
              <span className={rightHead}>
                <Trans>小计</Trans>
              </span>
              <span />
            </div>
            <ul aria-label={t`购物车商品`}>
              {cart.lines.map((line) => (
                <CartLineRow
                  key={line.productId}
                  line={line}
                  language={language}
                  rates={rates}
                  selected={selection.isSelected(line.productId)}
                  onSelect={(selected) => selection.setSelected(line.productId, selected)}
                  onAmount={(amount) => cart.setAmount(line.productId, amount)}
                  onRemove={() => cart.remove([line.productId])}
                />
              ))}
            </ul>
          </div>
          <CartSummary
            totals={totals}
            language={language}
            pointsHeld={startup.payInfo?.score ?? 0}
            nextBlockedBy={nextBlockedBy}
            onNext={({ pointsUsed, payable }) =>
              setConfirming({ kind: 'selection', lines: orderable, pointsUsed, payable })
            }
          />
        </div>
      ) : null}

      {confirming ? (
        <Suspense>
          <CheckoutConfirmDialog
            selection={
              confirming.kind === 'selection'
                ? { ...confirming, quote: cartTotals(confirming.lines, rates) }
                : undefined
            }
            language={language}
            onClose={() => setConfirming(null)}
            onCartChanged={cartChanged}
          />
        </Suspense>
      ) : null}

      {confirmingClear ? (
        <ConfirmDialog
          title={<Trans>清空购物车？</Trans>}
          confirmLabel={<Trans>清空</Trans>}
          onConfirm={() => {
            setConfirmingClear(false)
            cart.clear()
          }}
          onCancel={() => setConfirmingClear(false)}
        >
          <p>
            <Trans>将删除购物车中的全部 {lineCount} 种商品，且无法恢复。</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}

/**
 * An order the shopper asked for and never saw confirmed (the tab closed or the connection dropped
 * while it was being created) is offered again, so its retry reuses the same key. Only a shopper who
 * has such a checkout saved loads the checkout's code.
 */
function useUnfinishedCheckout(reopen: () => void): void {
  const { claims } = useSession()
  const owner = claims?.kind === 'customer' ? `customer:${claims.sub}` : null
  const latestReopen = useRef(reopen)
  useEffect(() => {
    latestReopen.current = reopen
  })
  useEffect(() => {
    if (owner === null) return
    let live = true
    void hasUnfinishedOrder(owner).then(async (saved) => {
      if (!saved || !live) return
      const { unfinishedCartCheckout } = await import('../../checkout/checkout-store.ts')
      if (live && (await unfinishedCartCheckout(owner))) latestReopen.current()
    })
    return () => {
      live = false
    }
  }, [owner])
}

/**
 * Reads the server's cart again whenever the cart is opened: on arriving, on coming back, and on
 * opening it again while already on it (spec §2), each of which is a new history entry.
 */
function useReloadOnVisit(refresh: () => void): void {
  const entry = useRouterState({ select: (state) => state.location.state.__TSR_key })
  // `refresh` changes when the cart opens; `entry` with every visit
  // biome-ignore lint/correctness/useExhaustiveDependencies: entry is the trigger, not an input
  useEffect(() => {
    refresh()
  }, [entry, refresh])
}

/** The offline queue as the shopper needs to know it, in a live region that is always there. */
function SyncBanner(props: { status: CartStatus; pendingCount: number; hasLines: boolean }) {
  const { status, pendingCount } = props
  const offline = status === 'offline' && (pendingCount > 0 || props.hasLines)
  const saving = status === 'syncing' && pendingCount > 0
  return (
    <div role="status" aria-live="polite">
      {offline || saving ? (
        <p className={cx(banner, offline ? offlineTone : savingTone)}>
          {offline && pendingCount > 0 ? (
            <Plural value={pendingCount} other="当前离线：# 项更改已保存在本设备，联网后会自动发送。" />
          ) : null}
          {offline && pendingCount === 0 ? <Trans>当前离线：显示的是上次读取的购物车。</Trans> : null}
          {saving ? <Plural value={pendingCount} other="正在保存 # 项更改…" /> : null}
        </p>
      ) : null}
    </div>
  )
}

/** A refused change: the product in the shopper's language and why, in their language when known. */
function RefusalText({ notice }: { notice: CartNotice }) {
  const language = useLanguage()
  const reason = cartRefusalText(notice.message)
  if (!notice.product) return <>{reason}</>
  const productName = productNameIn(language, notice.product)
  return (
    <Trans>
      {productName}：{reason}
    </Trans>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { QuantityStepper, snapQuantity } from '../../../components/ui/quantity-stepper.tsx'
import type { ProductDetailDto } from '../../../domain/catalog.ts'
import { isProductType } from '../../../domain/product-type.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { useSession } from '../../account/session/use-session.tsx'
import { useAddToCart } from '../../cart/use-add-to-cart.ts'
import { cartSnapshotOf } from '../cart-snapshot.ts'
import { orderQuantityRule } from '../order-quantity.ts'
import { useLoginHref } from '../use-login-href.ts'
import { usePriceViewer } from '../use-price-viewer.ts'

const form = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3' })
const submit = css({ minHeight: '10', px: '6' })

/**
 * Quantity (steps of the order base, up to the stock) and the add-to-cart button. A visitor is sent
 * to log in and brought back; a shopper's line goes through the cart (kept on the device when
 * offline), 'added to cart' is shown and the header's count follows (spec §7 'Cart'). A refusal shows
 * the server's reason.
 */
export function AddToCartForm({ product }: { product: ProductDetailDto }) {
  const { t } = useLingui()
  const { signedIn } = useSession()
  const addToCart = useAddToCart()
  const viewer = usePriceViewer()
  const language = useLanguage()
  const router = useRouter()
  const loginHref = useLoginHref()
  const rule = orderQuantityRule(product)
  const [quantity, setQuantity] = useState(rule.min)
  const [busy, setBusy] = useState(false)

  // A product always has a type of 1–9; anything else cannot make a cart line.
  const productType = isProductType(product.type) ? product.type : undefined
  if (!rule.orderable || productType === undefined) {
    return <Notice tone="warning" title={<Trans>该商品暂时缺货</Trans>} />
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!signedIn) {
      router.history.push(loginHref)
      return
    }
    // Enter in the quantity box submits before it is snapped on blur.
    const typed = Number(new FormData(event.currentTarget).get('quantity'))
    const productAmount = snapQuantity(typed, rule)
    setQuantity(productAmount)
    setBusy(true)
    try {
      await addToCart(cartSnapshotOf(product, viewer.role, language), productType, productAmount)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className={form} onSubmit={(event) => void onSubmit(event)}>
      <QuantityStepper
        label={t`数量`}
        name="quantity"
        value={quantity}
        min={rule.min}
        step={rule.step}
        max={rule.max}
        hint={rule.step > 1 ? t`按 ${rule.step} 个的倍数订购` : undefined}
        onChange={setQuantity}
      />
      <Button type="submit" variant="secondary" className={submit} disabled={busy}>
        {signedIn ? <Trans>加入购物车</Trans> : <Trans>登录后加入购物车</Trans>}
      </Button>
    </form>
  )
}

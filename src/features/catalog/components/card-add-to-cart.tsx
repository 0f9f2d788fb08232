import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from '../../../../styled-system/css'
import { type ProductCardDto, productNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { isProductType } from '../../../domain/product-type.ts'
import { useAddToCart } from '../../cart/use-add-to-cart.ts'
import { cartSnapshotOf } from '../cart-snapshot.ts'

const addButton = css({
  position: 'relative', // above the card's stretched link
  alignSelf: 'flex-start',
  minHeight: '8',
  px: '3',
  py: '1',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'white',
  bg: 'secondary',
  border: 'none',
  borderRadius: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'secondary.hover' },
  _disabled: { opacity: 0.6, cursor: 'wait' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
})

/** A card's quick add: one order base of the product, through the cart (kept on the device offline). */
export function CardAddToCart(props: { product: ProductCardDto; role: number; language: Language }) {
  const { t } = useLingui()
  const addToCart = useAddToCart()
  const [busy, setBusy] = useState(false)
  const { product } = props
  if (!isProductType(product.type)) return null
  const productType = product.type
  const add = async () => {
    setBusy(true)
    try {
      await addToCart(cartSnapshotOf(product, props.role, props.language), productType, product.orderBase)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      className={addButton}
      disabled={busy}
      aria-label={t`加入购物车：${productNameIn(props.language, product)}`}
      onClick={() => void add()}
    >
      <Trans>加入购物车</Trans>
    </button>
  )
}

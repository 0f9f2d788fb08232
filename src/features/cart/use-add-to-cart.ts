import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import type { CartProductSnapshot } from '../../../machines/cart/cart-changes.ts'
import type { ProductType } from '../../domain/product-type.ts'
import { showToast } from '../../lib/toast.ts'
import { useCartLink } from '../account/session/use-session.tsx'

/**
 * Adds a product to the signed-in customer's cart and tells them how it went: added, saved on this
 * device until the connection returns, or refused with the server's reason. The cart's code is
 * loaded on the first add, so product lists do not carry it.
 */
export function useAddToCart() {
  const { t } = useLingui()
  const link = useCartLink()
  return useCallback(
    async (product: CartProductSnapshot, productType: ProductType, amount: number): Promise<boolean> => {
      const [{ addProductToCart }, { cartRefusalText }] = await Promise.all([
        import('./cart-store.ts'),
        import('./cart-messages.ts'),
      ])
      const outcome = await addProductToCart(link, product, productType, amount)
      if (outcome.kind === 'added') showToast({ tone: 'success', message: t`已加入购物车` })
      else if (outcome.kind === 'queued') {
        showToast({ tone: 'warning', message: t`当前离线：已保存在本设备，联网后自动加入购物车` })
      } else showToast({ tone: 'error', message: cartRefusalText(outcome.message) })
      return outcome.kind !== 'refused'
    },
    [link, t],
  )
}

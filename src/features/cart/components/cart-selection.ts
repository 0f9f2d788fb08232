import { useCallback, useEffect, useMemo, useReducer } from 'react'
import type { CartViewLine } from '../../../../machines/cart/cart-changes.ts'

/**
 * The lines the shopper took out of the selection, per open cart. Kept outside the page, so leaving
 * the cart (to a product) and coming back finds the same choice; a new cart (another shopper) starts
 * from nothing. Storing what was *de*selected makes every line selected by default, new lines too.
 */
const deselectedByCart = new WeakMap<object, ReadonlySet<number>>()
const NONE: ReadonlySet<number> = new Set()

export interface CartSelection {
  /** Orderable lines, the only ones that can be selected. */
  selectable: CartViewLine[]
  /** Selected orderable lines, in the cart's order. */
  selected: CartViewLine[]
  isSelected(productId: number): boolean
  setSelected(productId: number, selected: boolean): void
  setAll(selected: boolean): void
}

/** Which lines are chosen for the summary and 'delete selected'. */
export function useCartSelection(cart: object | undefined, lines: readonly CartViewLine[]): CartSelection {
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const deselected = (cart && deselectedByCart.get(cart)) ?? NONE
  const store = useCallback(
    (next: ReadonlySet<number>) => {
      if (!cart) return
      deselectedByCart.set(cart, next)
      rerender()
    },
    [cart],
  )

  // A line that left the cart is forgotten, so the same product added again comes back selected.
  useEffect(() => {
    const present = new Set(lines.map((line) => line.productId))
    const kept = [...deselected].filter((id) => present.has(id))
    if (kept.length !== deselected.size) store(new Set(kept))
  }, [lines, deselected, store])

  return useMemo(() => {
    const selectable = lines.filter((line) => line.orderable)
    return {
      selectable,
      selected: selectable.filter((line) => !deselected.has(line.productId)),
      isSelected: (productId) => !deselected.has(productId),
      setSelected(productId, selected) {
        const next = new Set(deselected)
        if (selected) next.delete(productId)
        else next.add(productId)
        store(next)
      },
      setAll(selected) {
        const ids = new Set(selectable.map((line) => line.productId))
        store(
          selected ? new Set([...deselected].filter((id) => !ids.has(id))) : new Set([...deselected, ...ids]),
        )
      },
    }
  }, [lines, deselected, store])
}

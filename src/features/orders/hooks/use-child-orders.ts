import { useRef, useState } from 'react'
import type { OrderDto } from '../../../domain/orders.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { formFailureOf } from '../../../lib/validation-text.ts'
import { listChildOrders } from '../api/list-child-orders.ts'

export type ChildOrdersState =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'loaded'; children: OrderDto[] }
  | { kind: 'failed'; message: string | undefined }

/** The orders a split order became, read when first opened (and again on retry), kept while the list is. */
export function useChildOrders(parentId: number) {
  const language = useLanguage()
  const [open, setOpen] = useState(false)
  const [state, setState] = useState<ChildOrdersState>({ kind: 'closed' })
  // Only the latest read may answer: a retry supersedes a slow first attempt.
  const latest = useRef(0)

  const load = () => {
    latest.current += 1
    const ticket = latest.current
    setState({ kind: 'loading' })
    listChildOrders(parentId, language).then(
      (children) => {
        if (ticket === latest.current) setState({ kind: 'loaded', children })
      },
      (error: unknown) => {
        if (ticket === latest.current) setState({ kind: 'failed', message: formFailureOf(error, []).message })
      },
    )
  }

  return {
    open,
    state: open ? state : ({ kind: 'closed' } as const),
    toggle: () => {
      setOpen(!open)
      if (!open && state.kind !== 'loaded' && state.kind !== 'loading') load()
    },
    retry: load,
  }
}

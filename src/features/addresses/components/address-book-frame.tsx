import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { pageTitle } from '../../../components/ui/page-heading.ts'
import { useDocumentTitle } from '../../catalog/use-document-title.ts'

const page = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  maxWidth: '5xl',
  mx: 'auto',
  width: 'full',
})
const header = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  borderBottom: '2px solid',
  borderColor: 'primary',
  pb: '2',
})
const skeletonGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
})
const skeletonCard = css({
  height: '44',
  borderRadius: 'md',
  bg: 'gray.100',
  animation: 'pulse 1.5s ease-in-out infinite',
})

/** The address book's heading (with `actions` beside it) above what the page shows. */
export function AddressBookFrame(props: { actions?: ReactNode; children: ReactNode }) {
  const { t } = useLingui()
  useDocumentTitle(t`收货地址`)
  return (
    <section className={page} aria-labelledby="address-book-title">
      <div className={header}>
        <h1 id="address-book-title" className={pageTitle}>
          <Trans>收货地址</Trans>
        </h1>
        {props.actions}
      </div>
      {props.children}
    </section>
  )
}

/** Placeholder cards while the address book loads. */
export function AddressBookPending() {
  const { t } = useLingui()
  return (
    <AddressBookFrame>
      <div className={skeletonGrid} role="status" aria-busy="true" aria-label={t`正在加载收货地址`}>
        {['a', 'b'].map((slot) => (
          <div key={slot} className={skeletonCard} />
        ))}
      </div>
    </AddressBookFrame>
  )
}

import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import type { AddressDto } from '../../../domain/address.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { fullAddressIn, recipientNameIn } from '../address-text.ts'

const card = css({
  height: 'full',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '4',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
})
const defaultCard = css({ borderColor: 'primary', boxShadow: '0 0 0 1px token(colors.primary)' })
const head = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })
const name = css({ fontSize: 'md', fontWeight: 'semibold', overflowWrap: 'anywhere' })
const badge = css({
  display: 'inline-block',
  px: '2',
  py: '0.5',
  borderRadius: 'sm',
  fontSize: 'xs',
  fontWeight: 'semibold',
  lineHeight: 'tight',
})
const defaultBadge = css({ bg: 'primary', color: 'white' })
const billBadge = css({
  bg: 'orange.50',
  color: 'orange.900',
  border: '1px solid',
  borderColor: 'orange.200',
})
const line = css({ fontSize: 'sm', overflowWrap: 'anywhere' })
const muted = css({ fontSize: 'sm', color: 'text.muted' })
const actions = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '1',
  mt: 'auto',
  pt: '2',
  // the colour in the shorthand: a separate borderColor can lose to the shorthand's currentColor
  borderTop: '1px solid token(colors.border)',
  justifyContent: 'flex-end',
})

/** One address of the book: recipient, phone, the address in the shown language, and what can be done with it. */
export function AddressCard(props: {
  address: AddressDto
  busy: boolean
  onEdit: () => void
  onDelete: () => void
  onMakeDefault: () => void
}) {
  const language = useLanguage()
  const nameId = useId()
  const { address } = props
  const isDefault = address.acquiescent === 1
  const postCode = address.postCode
  return (
    <article
      aria-labelledby={nameId}
      aria-busy={props.busy || undefined}
      className={cx(card, isDefault && defaultCard)}
    >
      <div className={head}>
        <h2 id={nameId} className={name}>
          {recipientNameIn(language, address)}
        </h2>
        {isDefault ? (
          <span className={cx(badge, defaultBadge)}>
            <Trans>默认地址</Trans>
          </span>
        ) : null}
        {address.isBill === 1 ? (
          <span className={cx(badge, billBadge)}>
            <Trans>账单地址</Trans>
          </span>
        ) : null}
      </div>
      <p className={muted}>{address.telephone}</p>
      <p className={line}>{fullAddressIn(language, address)}</p>
      <p className={muted}>
        <Trans>邮编 {postCode}</Trans>
      </p>
      <div className={actions}>
        <Button variant="ghost" onClick={props.onEdit} disabled={props.busy}>
          <Trans>编辑</Trans>
        </Button>
        <Button variant="ghost" onClick={props.onDelete} disabled={props.busy}>
          <Trans>删除</Trans>
        </Button>
        {isDefault ? null : (
          <Button variant="ghost" onClick={props.onMakeDefault} disabled={props.busy}>
            {props.busy ? <Trans>设置中…</Trans> : <Trans>设为默认</Trans>}
          </Button>
        )}
      </div>
    </article>
  )
}

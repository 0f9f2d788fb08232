import { Trans, useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import type { CustomerServiceDto } from '../../../domain/catalog.ts'
import { useSession } from '../../account/session/use-session.tsx'
import { getCustomerService } from '../api/get-customer-service.ts'

/** Spec §1 and §6: members (roles 1 and 2) see the customer-service panel. */
export function seesCustomerService(role: number | null | undefined): boolean {
  return role === 1 || role === 2
}

type Contacts =
  | { status: 'loading' }
  | { status: 'ready'; contacts: CustomerServiceDto[] }
  | { status: 'failed' }

const dock = css({
  position: 'fixed',
  right: { base: '3', md: '6' },
  bottom: { base: '3', md: '6' },
  // above the page, below dialogs and drawers (2000)
  zIndex: 1000,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: '2',
})
const launcher = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '4',
  py: '2.5',
  borderRadius: 'full',
  bg: 'secondary',
  color: 'white',
  fontSize: 'sm',
  fontWeight: 'bold',
  boxShadow: 'lg',
  cursor: 'pointer',
  _hover: { bg: 'secondary.hover' },
  _focusVisible: { outline: '3px solid', outlineColor: 'primary', outlineOffset: '2px' },
})
const panel = css({
  width: 'min(320px, calc(100vw - 24px))',
  maxHeight: 'min(70vh, 560px)',
  overflowY: 'auto',
  bg: 'surface',
  color: 'text',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'lg',
  boxShadow: 'xl',
  p: '4',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
})
const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })
const title = css({ fontSize: 'md', fontWeight: 'semibold' })
const closeButton = css({
  width: '8',
  height: '8',
  fontSize: 'xl',
  lineHeight: '1',
  color: 'text.muted',
  borderRadius: 'sm',
  cursor: 'pointer',
  _hover: { color: 'text' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const contactList = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const contact = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
})
const nickname = css({ fontWeight: 'semibold' })
const qrImage = css({
  width: '40',
  height: '40',
  objectFit: 'contain',
  border: '1px solid',
  borderColor: 'border',
})
const mail = css({
  color: 'primary',
  textDecoration: 'underline',
  overflowWrap: 'anywhere',
  borderRadius: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
})
const muted = css({ fontSize: 'sm', color: 'text.muted' })

function ContactCard({ entry }: { entry: CustomerServiceDto }) {
  const { t } = useLingui()
  const name = entry.nickname
  return (
    <li className={contact}>
      <span className={nickname}>{name}</span>
      {entry.qrcodeUrl ? <img className={qrImage} src={entry.qrcodeUrl} alt={t`${name} 的二维码`} /> : null}
      {entry.email ? (
        <a className={mail} href={`mailto:${entry.email}`}>
          {entry.email}
        </a>
      ) : null}
    </li>
  )
}

function ContactsBody(props: { contacts: Contacts; onRetry: () => void }) {
  const { contacts } = props
  if (contacts.status === 'loading') {
    return (
      <p className={muted} role="status">
        <Trans>正在加载客服联系方式…</Trans>
      </p>
    )
  }
  if (contacts.status === 'failed') {
    return (
      <div role="alert">
        <p className={muted}>
          <Trans>客服联系方式加载失败。</Trans>
        </p>
        <Button variant="ghost" onClick={props.onRetry}>
          <Trans>重试</Trans>
        </Button>
      </div>
    )
  }
  if (contacts.contacts.length === 0) {
    return (
      <p className={muted}>
        <Trans>暂时没有客服联系方式。</Trans>
      </p>
    )
  }
  return (
    <ul className={contactList}>
      {contacts.contacts.map((entry) => (
        <ContactCard key={`${entry.nickname}-${entry.email ?? ''}-${entry.qrcodeUrl ?? ''}`} entry={entry} />
      ))}
    </ul>
  )
}

/**
 * A floating button that opens the customer-service contacts (nickname, QR code, e-mail), loaded
 * each time it opens. A non-modal panel: the page stays usable; Escape or × closes it back to the button.
 */
function CustomerServiceDock() {
  const { t } = useLingui()
  const panelId = useId()
  const titleId = useId()
  const [open, setOpen] = useState(false)
  const [contacts, setContacts] = useState<Contacts>({ status: 'loading' })
  const buttonRef = useRef<HTMLButtonElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const loadId = useRef(0)

  const load = () => {
    const id = ++loadId.current
    setContacts({ status: 'loading' })
    getCustomerService().then(
      (list) => {
        if (id === loadId.current) setContacts({ status: 'ready', contacts: Array.isArray(list) ? list : [] })
      },
      () => {
        if (id === loadId.current) setContacts({ status: 'failed' })
      },
    )
  }

  useEffect(() => {
    if (open) closeRef.current?.focus()
  }, [open])

  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      close()
    }
  }

  return (
    <div className={dock}>
      {open ? (
        <section id={panelId} className={panel} role="dialog" aria-labelledby={titleId} onKeyDown={onKeyDown}>
          <div className={header}>
            <h2 id={titleId} className={title}>
              <Trans>联系客服</Trans>
            </h2>
            <button ref={closeRef} type="button" className={closeButton} aria-label={t`关闭`} onClick={close}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <ContactsBody contacts={contacts} onRetry={load} />
        </section>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        className={launcher}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (open) {
            setOpen(false)
            return
          }
          setOpen(true)
          load()
        }}
      >
        <Trans>客服</Trans>
      </button>
    </div>
  )
}

/** The customer-service panel of members (roles 1 and 2); nothing for anyone else. */
export function CustomerServicePanel() {
  const { claims, startup } = useSession()
  // the pay info is read fresh at startup; the token's role may predate an operator's change
  if (!claims || !seesCustomerService(startup.payInfo?.role ?? claims.role)) return null
  // a new account gets a fresh panel, closed
  return <CustomerServiceDock key={claims.sub} />
}

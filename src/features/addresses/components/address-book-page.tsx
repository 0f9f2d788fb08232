import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import * as v from 'valibot'
import { css } from '../../../../styled-system/css'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Notice } from '../../../components/ui/notice.tsx'
import { type AddressDto, addressUpdateSchema, MAX_ADDRESSES } from '../../../domain/address.ts'
import { showToast } from '../../../lib/toast.ts'
import { useLanguage } from '../../../lib/use-language.ts'
import { type FieldErrors, fieldErrorsOf, formFailureOf } from '../../../lib/validation-text.ts'
import { useSession } from '../../account/session/use-session.tsx'
import { fullAddressIn, recipientNameIn } from '../address-text.ts'
import { deleteAddress } from '../api/delete-address.ts'
import { updateAddress } from '../api/update-address.ts'
import { AddressBookFrame } from './address-book-frame.tsx'
import { AddressCard } from './address-card.tsx'
import { AddressFormDialog } from './address-form-dialog.tsx'

const toolbar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })
const count = css({ fontSize: 'sm', color: 'text.muted' })
const limitNote = css({
  p: '3',
  borderRadius: 'md',
  border: '1px solid',
  bg: 'orange.50',
  borderColor: 'orange.200',
  color: 'orange.900',
  fontSize: 'sm',
})
const list = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
})
const dialogText = css({ fontSize: 'sm', overflowWrap: 'anywhere' })

const quiet = { systemNotify: false } as const

type Editing = { address?: AddressDto; errors?: FieldErrors } | undefined

/**
 * /address-manage (spec §2 'Address book'): the shopper's addresses, the default first. Add (up to
 * MAX_ADDRESSES), edit, delete after a confirmation, and make another address the default. Every
 * change is toasted and the list is read again.
 */
export function AddressBookPage({ addresses }: { addresses: AddressDto[] }) {
  const { t } = useLingui()
  const language = useLanguage()
  const router = useRouter()
  const limitId = useId()
  const [editing, setEditing] = useState<Editing>(undefined)
  const [deleting, setDeleting] = useState<AddressDto | undefined>(undefined)
  const [removing, setRemoving] = useState(false)
  const [busyId, setBusyId] = useState<number | undefined>(undefined)
  const full = addresses.length >= MAX_ADDRESSES
  const total = addresses.length
  const { signedIn, startup, patchStartup } = useSession()
  // the session keeps the count (checkout asks whether there is an address); this list is the latest word
  useEffect(() => {
    if (signedIn && startup.addressCount !== total) patchStartup({ addressCount: total })
  }, [signedIn, startup.addressCount, total, patchStartup])

  const reload = () => router.invalidate()

  const failed = (error: unknown) => {
    const { message } = formFailureOf(error, [])
    if (message) showToast({ tone: 'error', message })
  }

  const makeDefault = async (address: AddressDto) => {
    const checked = v.safeParse(addressUpdateSchema, { ...address, acquiescent: 1 })
    // An address today's rules refuse (saved before a rule changed) is fixed in the form first.
    if (!checked.success) {
      setEditing({ address, errors: fieldErrorsOf(checked.issues) })
      return
    }
    setBusyId(address.id)
    try {
      await updateAddress(checked.output, quiet)
      showToast({ tone: 'success', message: t`已设为默认地址` })
      await reload()
    } catch (error) {
      failed(error)
    } finally {
      setBusyId(undefined)
    }
  }

  const remove = async (address: AddressDto) => {
    setRemoving(true)
    try {
      await deleteAddress(address.id, quiet)
      showToast({ tone: 'success', message: t`地址已删除` })
    } catch (error) {
      failed(error)
    } finally {
      setRemoving(false)
      setDeleting(undefined)
    }
    // also after a failure: a 404 means it was already gone
    await reload()
  }

  const addButton = (
    <Button onClick={() => setEditing({})} disabled={full} aria-describedby={full ? limitId : undefined}>
      <Trans>添加地址</Trans>
    </Button>
  )

  return (
    <AddressBookFrame
      actions={
        total > 0 ? (
          <div className={toolbar}>
            <span className={count}>
              <Trans>
                已保存 {total} / {MAX_ADDRESSES} 个
              </Trans>
            </span>
            {addButton}
          </div>
        ) : null
      }
    >
      {full ? (
        <p id={limitId} className={limitNote}>
          <Trans>最多可保存 {MAX_ADDRESSES} 个地址，请先删除不用的地址再添加。</Trans>
        </p>
      ) : null}

      {total === 0 ? (
        <Notice tone="info" title={<Trans>还没有收货地址</Trans>} action={addButton}>
          <Trans>添加一个地址，下单和申请打包时就可以直接选择。</Trans>
        </Notice>
      ) : (
        <ul className={list} aria-label={t`地址列表`}>
          {addresses.map((address) => (
            <li key={address.id}>
              <AddressCard
                address={address}
                busy={busyId === address.id}
                onEdit={() => setEditing({ address })}
                onDelete={() => setDeleting(address)}
                onMakeDefault={() => void makeDefault(address)}
              />
            </li>
          ))}
        </ul>
      )}

      {editing ? (
        <AddressFormDialog
          address={editing.address}
          initialErrors={editing.errors}
          first={total === 0}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined)
            showToast({ tone: 'success', message: t`地址已保存` })
            void reload()
          }}
        />
      ) : null}

      {deleting ? (
        <ConfirmDialog
          title={<Trans>删除这个地址？</Trans>}
          confirmLabel={removing ? <Trans>删除中…</Trans> : <Trans>删除</Trans>}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(undefined)}
          busy={removing}
        >
          <p className={dialogText}>
            <strong>{recipientNameIn(language, deleting)}</strong>
            <br />
            {fullAddressIn(language, deleting)}
          </p>
          {deleting.acquiescent === 1 && total > 1 ? (
            <p className={dialogText}>
              <Trans>这是默认地址；删除后，最近添加的地址会成为默认地址。</Trans>
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </AddressBookFrame>
  )
}

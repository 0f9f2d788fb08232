import { useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import type { MediaImageDto } from '../../../../domain/media.ts'
import type { OpsProductDto, PriceField, ProductConflictData } from '../../../../domain/product-editor.ts'
import { ResultCode } from '../../../../domain/result-code.ts'
import { ApiFailure } from '../../../../lib/api-client.ts'
import { endsSession } from '../../../../lib/validation-text.ts'
import { failureText } from '../../components/load-state.tsx'
import { createOpsProduct } from '../api/create-product.ts'
import { updateOpsProduct } from '../api/update-product.ts'
import {
  checkDraft,
  type DraftTextField,
  draftOf,
  emptyDraft,
  fieldOfPath,
  type ProductDraft,
  type RawFieldMessages,
} from '../product-draft.ts'
import { productMessageText } from '../product-editor-text.ts'

function isConflictData(data: unknown): data is ProductConflictData {
  const current = (data as { current?: { id?: unknown; updatedAt?: unknown } } | undefined)?.current
  return typeof current?.id === 'number' && typeof current.updatedAt === 'string'
}

function refusedFields(data: unknown): RawFieldMessages {
  const fields = (data as { fields?: unknown } | undefined)?.fields
  const messages: RawFieldMessages = {}
  if (!Array.isArray(fields)) return messages
  for (const entry of fields as { field?: unknown; message?: unknown }[]) {
    if (typeof entry?.field === 'string' && typeof entry.message === 'string') {
      messages[fieldOfPath(entry.field)] ??= entry.message
    }
  }
  return messages
}

export type SaveOutcome = { tone: 'info' | 'error'; text: string } | undefined

/**
 * The editor's state and its save: the draft as typed, checked with the server's schema on submit
 * (then live, so a message goes once it is fixed), refusals of the server by field, and a save over
 * a newer version (409) kept with every typed value until the operator loads theirs or overwrites.
 */
export function useProductEditor(props: {
  product: OpsProductDto | undefined
  onCreated: (product: OpsProductDto) => void
}) {
  const { t } = useLingui()
  const [draft, setDraft] = useState<ProductDraft>(() =>
    props.product ? draftOf(props.product) : emptyDraft(),
  )
  const [product, setProduct] = useState(props.product)
  const [checked, setChecked] = useState(false)
  const [refused, setRefused] = useState<RawFieldMessages>({})
  const [saving, setSaving] = useState(false)
  const [conflict, setConflict] = useState<OpsProductDto>()
  const [outcome, setOutcome] = useState<SaveOutcome>()

  const check = useMemo(() => checkDraft(draft), [draft])
  const own = checked && !check.ok ? check.messages : {}
  const messageOf = (field: string): string | undefined => {
    const raw = refused[field] ?? own[field]
    return raw === undefined ? undefined : productMessageText(raw)
  }

  const edit = (fields: string[], change: (current: ProductDraft) => ProductDraft) => {
    setDraft(change)
    setOutcome(undefined)
    setRefused((current) => {
      const next = { ...current }
      for (const field of fields) delete next[field]
      return next
    })
  }
  const setText = (field: DraftTextField, value: string) =>
    edit([field], (current) => ({ ...current, text: { ...current.text, [field]: value } }))
  const setPrice = (field: PriceField, value: string) =>
    edit([field], (current) => ({ ...current, prices: { ...current.prices, [field]: value } }))
  const setPartnersOnly = (field: PriceField, value: boolean) =>
    edit([field], (current) => ({ ...current, partnersOnly: { ...current.partnersOnly, [field]: value } }))
  const setFlag = (field: 'isDiscount' | 'isFront', value: boolean) =>
    edit([field], (current) => ({ ...current, [field]: value }))
  const setImages = (change: (images: MediaImageDto[]) => MediaImageDto[]) =>
    edit(['images'], (current) => ({ ...current, images: change(current.images) }))

  const failed = (error: unknown) => {
    if (error instanceof ApiFailure && error.code === ResultCode.conflict && isConflictData(error.data)) {
      setConflict(error.data.current)
      return
    }
    if (error instanceof ApiFailure && error.code === ResultCode.invalidInput) {
      const fields = refusedFields(error.data)
      if (Object.keys(fields).length > 0) {
        setRefused(fields)
        setOutcome({ tone: 'error', text: t`有些内容需要修改，请查看标出的字段。` })
        return
      }
    }
    if (error instanceof ApiFailure && (error.kind === 'aborted' || endsSession(error))) return
    setOutcome({
      tone: 'error',
      text:
        error instanceof ApiFailure
          ? productMessageText(error.message)
          : (failureText(error) ?? t`出错了，请稍后再试`),
    })
  }

  /** Saves the draft; over `updatedAt` when given (overwrite after a conflict), else the one read. */
  const save = async (updatedAt = product?.updatedAt) => {
    setChecked(true)
    setOutcome(undefined)
    if (!check.ok) {
      setOutcome({ tone: 'error', text: t`有些内容需要修改，请查看标出的字段。` })
      return
    }
    setSaving(true)
    setRefused({})
    try {
      if (product && updatedAt) {
        const saved = await updateOpsProduct(product.id, { ...check.body, updatedAt })
        setProduct(saved)
        setDraft(draftOf(saved))
        setConflict(undefined)
        setChecked(false)
        setOutcome({ tone: 'info', text: t`已保存。` })
      } else {
        props.onCreated(await createOpsProduct(check.body))
      }
    } catch (error) {
      failed(error)
    } finally {
      setSaving(false)
    }
  }

  /** After a conflict: drop what was typed and edit the version saved in the meantime. */
  const loadTheirs = () => {
    if (!conflict) return
    setProduct(conflict)
    setDraft(draftOf(conflict))
    setConflict(undefined)
    setChecked(false)
    setRefused({})
    setOutcome({ tone: 'info', text: t`已载入对方保存的版本。` })
  }
  /** After a conflict: save what was typed over the version saved in the meantime. */
  const overwrite = () => {
    if (!conflict) return
    setProduct((current) => (current ? { ...current, updatedAt: conflict.updatedAt } : current))
    void save(conflict.updatedAt)
  }

  return {
    draft,
    product,
    messageOf,
    setText,
    setPrice,
    setPartnersOnly,
    setFlag,
    setImages,
    save,
    saving,
    conflict,
    loadTheirs,
    overwrite,
    outcome,
  }
}

export type ProductEditor = ReturnType<typeof useProductEditor>

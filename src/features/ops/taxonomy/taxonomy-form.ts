import { t } from '@lingui/core/macro'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { ResultCode } from '../../../domain/result-code.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { type FieldErrors, isFieldList } from '../../../lib/validation-text.ts'
import { refusalText, taxonomyMessageText } from './taxonomy-text.ts'

/** The texts every taxonomy form edits: names in three languages and the sort order, as typed. */
export interface NamesDraft {
  name: string
  jpName: string
  enName: string
  sort: string
}

export const MAX_SORT = 99_999

export function namesDraftOf(item: {
  name: string
  jpName: string | null
  enName: string | null
  sort: number
}): NamesDraft {
  return { name: item.name, jpName: item.jpName ?? '', enName: item.enName ?? '', sort: String(item.sort) }
}

/** A new item's draft, sorted after `after` (the largest sort of its future neighbours). */
export const newNamesDraft = (sorts: readonly number[]): NamesDraft => ({
  name: '',
  jpName: '',
  enName: '',
  sort: String(Math.min(MAX_SORT, sorts.length === 0 ? 0 : Math.max(...sorts) + 1)),
})

/** The draft as the body's fields: blank sort is the default, other text that is not a number fails. */
export function namesInputOf(draft: NamesDraft) {
  const sort = draft.sort.trim()
  return {
    name: draft.name,
    jpName: draft.jpName,
    enName: draft.enName,
    sort: sort === '' ? undefined : /^[+-]?\d+(\.\d+)?$/.test(sort) ? Number(sort) : Number.NaN,
  }
}

/**
 * Translated errors under the form's inputs (`words`: a message in the operator's language), and a
 * message for the rest that names each field (`labels`: the form's fields and their labels; a field
 * inside a list, `contacts.1.email`, goes under its input when the labels name it so).
 */
function splitErrors(
  entries: { field: string; message: string }[],
  labels: Record<string, string>,
  words: (message: string) => string,
) {
  const fields: FieldErrors = {}
  const others: string[] = []
  for (const { field, message } of entries) {
    const text = words(message)
    if (Object.hasOwn(labels, field)) fields[field] ??= text
    else others.push(field ? t`${field}：${text}` : text)
  }
  return { fields, message: others.length > 0 ? others.join(' ') : undefined }
}

/**
 * A console form's submit: the body is checked with the domain's schema first (the server checks it
 * with the same), then saved; refusals of fields go under their inputs in the operator's language
 * (`messageText` words a phrase of the room's schemas or server, `failureText` any other failure).
 */
export function useCheckedForm<TBody, TSaved>(options: {
  schema: v.GenericSchema<unknown, TBody>
  labels: Record<string, string>
  save: (body: TBody) => Promise<TSaved>
  onSaved: (saved: TSaved) => void
  messageText: (message: string) => string
  failureText: (error: unknown) => string | undefined
}) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)
  const showSplit = (entries: { field: string; message: string }[]) => {
    const split = splitErrors(entries, options.labels, options.messageText)
    setErrors(split.fields)
    setFailure(split.message)
  }

  const submit = async (event: FormEvent, input: unknown) => {
    event.preventDefault()
    setFailure(undefined)
    const checked = v.safeParse(options.schema, input)
    if (!checked.success) {
      showSplit(checked.issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', message: issue.message })))
      return
    }
    setErrors({})
    setBusy(true)
    let saved: TSaved
    try {
      saved = await options.save(checked.output)
    } catch (error) {
      setBusy(false)
      const fields =
        error instanceof ApiFailure ? (error.data as { fields?: unknown } | undefined)?.fields : undefined
      if (error instanceof ApiFailure && error.code === ResultCode.invalidInput && isFieldList(fields)) {
        showSplit(fields)
        return
      }
      setFailure(options.failureText(error))
      return
    }
    setBusy(false)
    options.onSaved(saved)
  }
  const clearError = (field: string) =>
    setErrors((current) => {
      if (!current[field]) return current
      const { [field]: _, ...rest } = current
      return rest
    })
  return { errors, failure, busy, submit, clearError }
}

/** What a dialog's own fields need of its form: their errors, whether it is saving, a field edited. */
export type FieldsForm = Pick<ReturnType<typeof useCheckedForm>, 'errors' | 'busy' | 'clearError'>

/** A taxonomy dialog's submit (useCheckedForm with the taxonomy's words). */
export function useTaxonomyForm<TBody>(options: {
  schema: v.GenericSchema<unknown, TBody>
  labels: Record<string, string>
  save: (body: TBody) => Promise<unknown>
  onSaved: () => void
}) {
  return useCheckedForm({ ...options, messageText: taxonomyMessageText, failureText: refusalText })
}

export type TaxonomyForm = FieldsForm

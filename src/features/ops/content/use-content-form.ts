import { t } from '@lingui/core/macro'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { ResultCode } from '../../../domain/result-code.ts'
import { ApiFailure } from '../../../lib/api-client.ts'
import { type FieldErrors, isFieldList } from '../../../lib/validation-text.ts'
import { contentMessageText, contentRefusalText } from './content-text.ts'

/**
 * Translated errors under the form's inputs, and a message for the rest that names each field
 * (`labels`: the form's fields and their labels; a field inside a list, `contacts.1.email`, goes
 * under its input when the labels name it so).
 */
function splitErrors(entries: { field: string; message: string }[], labels: Record<string, string>) {
  const fields: FieldErrors = {}
  const others: string[] = []
  for (const { field, message } of entries) {
    const text = contentMessageText(message)
    if (Object.hasOwn(labels, field)) fields[field] ??= text
    else others.push(field ? t`${field}：${text}` : text)
  }
  return { fields, message: others.length > 0 ? others.join(' ') : undefined }
}

/**
 * A content form's submit: the body is checked with the domain's schema first (the server checks it
 * with the same), then saved; refusals of fields go under their inputs in the operator's language.
 */
export function useContentForm<TBody, TSaved>(options: {
  schema: v.GenericSchema<unknown, TBody>
  labels: Record<string, string>
  save: (body: TBody) => Promise<TSaved>
  onSaved: (saved: TSaved) => void
}) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent, input: unknown) => {
    event.preventDefault()
    setFailure(undefined)
    const checked = v.safeParse(options.schema, input)
    if (!checked.success) {
      const split = splitErrors(
        checked.issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', message: issue.message })),
        options.labels,
      )
      setErrors(split.fields)
      setFailure(split.message)
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
        const split = splitErrors(fields, options.labels)
        setErrors(split.fields)
        setFailure(split.message)
        return
      }
      setFailure(contentRefusalText(error))
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

export type ContentForm = ReturnType<typeof useContentForm>

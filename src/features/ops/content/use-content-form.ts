import type * as v from 'valibot'
import { useCheckedForm } from '../taxonomy/taxonomy-form.ts'
import { contentMessageText, contentRefusalText } from './content-text.ts'

/**
 * A content form's submit (useCheckedForm with the content room's words): the body is checked with the
 * domain's schema first, then saved; refusals of fields go under their inputs.
 */
export function useContentForm<TBody, TSaved>(options: {
  schema: v.GenericSchema<unknown, TBody>
  labels: Record<string, string>
  save: (body: TBody) => Promise<TSaved>
  onSaved: (saved: TSaved) => void
}) {
  return useCheckedForm({ ...options, messageText: contentMessageText, failureText: contentRefusalText })
}

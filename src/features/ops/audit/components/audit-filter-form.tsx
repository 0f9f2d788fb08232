import { useLingui } from '@lingui/react/macro'
import { type FormEvent, useId } from 'react'
import { FormField, SelectField } from '../../../../components/ui/form-field.tsx'
import { type AuditFiltersDto, JOBS_ACTOR_ID } from '../../../../domain/audit.ts'
import { UrlFilterForm, useFilterDraft } from '../../components/filter-bar.tsx'
import type { AuditFilter } from '../audit-search.ts'

type Draft = {
  actorId: string
  entity: string
  entityId: string
  from: string
  to: string
}

const draftOf = (filter: AuditFilter): Draft => ({
  actorId: filter.actorId === undefined ? '' : String(filter.actorId),
  entity: filter.entity ?? '',
  entityId: filter.entityId ?? '',
  from: filter.from ?? '',
  to: filter.to ?? '',
})

const MAX_TEXT = 100

/**
 * The trail's filters: who (an account that made changes, or the shop's own jobs), what (entity and
 * its id, the entity offered from the trail's own) and an inclusive range of shop days. Searching or
 * resetting hands the whole filter up; the page keeps it in the URL.
 */
export function AuditFilterForm(props: {
  filter: AuditFilter
  /** The choices, once loaded; the form works without them (the entity is free text). */
  choices: AuditFiltersDto | undefined
  onSearch: (filter: AuditFilter) => void
}) {
  const { t } = useLingui()
  const listId = useId()
  const { draft, errors, setErrors, edit, clear } = useFilterDraft(() => draftOf(props.filter))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found: typeof errors = {}
    if (draft.entity.trim().length > MAX_TEXT) found.entity = t`最多 100 个字符`
    if (draft.entityId.trim().length > MAX_TEXT) found.entityId = t`最多 100 个字符`
    if (draft.from && draft.to && draft.to < draft.from) found.to = t`结束日期不能早于开始日期`
    setErrors(found)
    if (Object.keys(found).length > 0) return
    props.onSearch({
      actorId: draft.actorId === '' ? undefined : Number(draft.actorId),
      entity: draft.entity.trim() || undefined,
      entityId: draft.entityId.trim() || undefined,
      from: draft.from || undefined,
      to: draft.to || undefined,
    })
  }

  const reset = () => {
    clear(draftOf({}))
    props.onSearch({})
  }

  const actors = props.choices?.actors ?? []
  // A filter from the URL names an actor the choices may not list (yet): keep it selectable.
  const chosenUnknown =
    props.filter.actorId !== undefined &&
    props.filter.actorId !== JOBS_ACTOR_ID &&
    !actors.some((actor) => actor.id === props.filter.actorId)

  return (
    <UrlFilterForm label={t`筛选审计日志`} onSearch={submit} onReset={reset}>
      <SelectField label={t`操作人`} value={draft.actorId} onChange={edit('actorId')}>
        <option value="">{t`全部`}</option>
        <option value={JOBS_ACTOR_ID}>{t`系统（自动任务）`}</option>
        {actors.map((actor) => (
          <option key={actor.id} value={actor.id}>
            {actor.email ?? t`已删除的账号 #${actor.id}`}
          </option>
        ))}
        {chosenUnknown ? (
          <option value={props.filter.actorId}>{t`账号 #${props.filter.actorId}`}</option>
        ) : null}
      </SelectField>
      <FormField
        label={t`对象类型`}
        list={`${listId}-entities`}
        autoComplete="off"
        placeholder={t`如 settings、order`}
        value={draft.entity}
        error={errors.entity}
        onChange={edit('entity')}
      />
      <datalist id={`${listId}-entities`}>
        {(props.choices?.entities ?? []).map((entity) => (
          <option key={entity} value={entity} />
        ))}
      </datalist>
      <FormField
        label={t`对象 ID`}
        autoComplete="off"
        value={draft.entityId}
        error={errors.entityId}
        onChange={edit('entityId')}
      />
      <FormField label={t`开始日期`} type="date" value={draft.from} onChange={edit('from')} />
      <FormField label={t`结束日期`} type="date" value={draft.to} error={errors.to} onChange={edit('to')} />
    </UrlFilterForm>
  )
}

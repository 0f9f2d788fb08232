import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { fieldErrorText } from '../../../../components/ui/form-field.tsx'
import { type OpsSeriesDto, seriesBody } from '../../../../domain/catalog-taxonomy.ts'
import { seriesCalls } from '../api/taxonomy-calls.ts'
import { TaxonomyDialog } from './taxonomy-dialog.tsx'

const check = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' })

/** Adds a series or edits one: names, sort, and whether the shop lists it among the hot series. */
export function SeriesDialog(props: {
  series: OpsSeriesDto | undefined
  /** Every series' sort, so a new one goes last. */
  sorts: number[]
  onSaved: (name: string) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const { series } = props
  const [hot, setHot] = useState(series?.hot ?? false)
  const hotLabel = t`热门系列`
  return (
    <TaxonomyDialog
      title={series ? t`编辑系列“${series.name}”` : t`添加系列`}
      item={series}
      sorts={props.sorts}
      schema={seriesBody}
      labels={{ hot: hotLabel }}
      input={() => ({ hot })}
      save={(body) => (series ? seriesCalls.update(series.id, body) : seriesCalls.create(body))}
      onSaved={props.onSaved}
      onCancel={props.onCancel}
      after={(form) => (
        <>
          <label className={check}>
            <input
              type="checkbox"
              checked={hot}
              disabled={form.busy}
              onChange={(event) => {
                setHot(event.target.checked)
                form.clearError('hot')
              }}
            />
            {hotLabel}
          </label>
          {form.errors.hot ? <p className={fieldErrorText}>{form.errors.hot}</p> : null}
        </>
      )}
    />
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { SelectField } from '../../../../components/ui/form-field.tsx'
import type { ImportPreviewRow, ImportRowOutcome } from '../../../../domain/product-import.ts'
import { mutedText, section, sectionTitle } from '../../components/ops-table.ts'
import { PagedTable } from './paged-table.tsx'

const ROWS_PAGE_SIZE = 50
const heading = css({ display: 'flex', alignItems: 'end', justifyContent: 'space-between', gap: '3' })
const filter = css({ width: '12rem' })
const changesCell = css({ overflowWrap: 'anywhere' })

type OutcomeFilter = ImportRowOutcome | 'all'

/** What the import does to each row (the server sends the first 1,000), a page at a time. */
export function ImportRows(props: { rows: ImportPreviewRow[]; total: number }) {
  const { t } = useLingui()
  const [outcome, setOutcome] = useState<OutcomeFilter>('all')
  const outcomeText: Record<ImportRowOutcome, string> = {
    created: t`新建`,
    updated: t`更新`,
    unchanged: t`不变`,
  }
  const matching = outcome === 'all' ? props.rows : props.rows.filter((row) => row.outcome === outcome)
  return (
    <section className={section}>
      <div className={heading}>
        <h2 className={sectionTitle}>
          <Trans>逐行预览</Trans>
        </h2>
        <div className={filter}>
          <SelectField
            label={t`显示`}
            value={outcome}
            // the table starts again from its first page (it is keyed by the filter)
            onChange={(event) => setOutcome(event.target.value as OutcomeFilter)}
          >
            <option value="all">{t`全部`}</option>
            <option value="created">{outcomeText.created}</option>
            <option value="updated">{outcomeText.updated}</option>
            <option value="unchanged">{outcomeText.unchanged}</option>
          </SelectField>
        </div>
      </div>
      {props.total > props.rows.length ? (
        <p className={mutedText}>
          <Trans>
            只列出前 {props.rows.length} 行（共 {props.total} 行）。
          </Trans>
        </p>
      ) : null}
      <PagedTable
        key={outcome}
        label={t`逐行预览`}
        columns={[t`行`, t`货号`, t`结果`, t`变更的字段`]}
        items={matching}
        pageSize={ROWS_PAGE_SIZE}
        row={(row) => (
          <tr key={row.line}>
            <td>{row.line}</td>
            <td>{row.itemNo}</td>
            <td>{outcomeText[row.outcome]}</td>
            <td className={changesCell}>{row.changes.length > 0 ? row.changes.join(', ') : '—'}</td>
          </tr>
        )}
      />
    </section>
  )
}

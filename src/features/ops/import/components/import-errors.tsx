import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import type { ImportError } from '../../../../domain/product-import.ts'
import { section, sectionTitle } from '../../components/ops-table.ts'
import { importMessageText } from '../import-text.ts'
import { PagedTable } from './paged-table.tsx'

const ERRORS_PAGE_SIZE = 100

/** Every error of the file, by line then column, each with what is wrong in the operator's language. */
export function ImportErrors(props: { errors: ImportError[] }) {
  const { t } = useLingui()
  const sorted = useMemo(
    () =>
      [...props.errors].sort(
        (a, b) => a.line - b.line || (a.column ?? '').localeCompare(b.column ?? '', 'en'),
      ),
    [props.errors],
  )
  return (
    <section className={section}>
      <h2 className={sectionTitle}>
        <Trans>错误（{sorted.length}）</Trans>
      </h2>
      <PagedTable
        label={t`导入错误`}
        columns={[t`行`, t`列`, t`问题`]}
        items={sorted}
        pageSize={ERRORS_PAGE_SIZE}
        row={(error) => (
          <tr key={`${error.line}-${error.column ?? ''}-${error.message}`}>
            <td>{error.line}</td>
            <td>{error.column ?? t`（整行）`}</td>
            <td>{importMessageText(error.message)}</td>
          </tr>
        )}
      />
    </section>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { fieldErrorText } from '../../../../components/ui/form-field.tsx'
import type { ProductFileFormat } from '../../../../domain/product-files.ts'
import type { Download } from '../../../../lib/api-download.ts'
import type { OpsProductFilter } from '../../products/api/list-products.ts'
import { downloadImportTemplate, downloadProductExport } from '../api/download-product-file.ts'
import { useFileDownload } from '../use-file-download.ts'

const group = css({ display: 'flex', flexDirection: 'column', gap: '1' })
const buttons = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })

const FORMATS: ProductFileFormat[] = ['csv', 'xlsx']

/** A labelled row of one download per format, one at a time, and why the last one failed. */
function FormatButtons(props: {
  label: string
  variant: 'secondary' | 'ghost'
  /** The pressed button's label while its file comes. */
  busyLabel: ReactNode
  buttonLabel: (format: ProductFileFormat) => string
  fetchFile: (format: ProductFileFormat) => Promise<Download>
  fallbackName: (format: ProductFileFormat) => string
}) {
  const { busyKey, failure, download } = useFileDownload()
  return (
    <div className={group}>
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not a form's fieldset */}
      <div className={buttons} role="group" aria-label={props.label}>
        {FORMATS.map((format) => (
          <Button
            key={format}
            variant={props.variant}
            disabled={busyKey !== undefined}
            onClick={() => void download(format, () => props.fetchFile(format), props.fallbackName(format))}
          >
            {busyKey === format ? props.busyLabel : props.buttonLabel(format)}
          </Button>
        ))}
      </div>
      {failure ? (
        <p role="alert" className={fieldErrorText}>
          {failure}
        </p>
      ) : null}
    </div>
  )
}

/**
 * Export the products a list shows (its filters; none for every product) as CSV or XLSX, in the
 * import's columns: an export edited and imported back updates those products. Drop it into a list
 * with its current filters.
 */
export function ExportButtons(props: { filters?: OpsProductFilter }) {
  const { t } = useLingui()
  const filters = props.filters ?? {}
  return (
    <FormatButtons
      label={t`导出商品`}
      variant="secondary"
      busyLabel={<Trans>正在导出…</Trans>}
      buttonLabel={(format) => t`导出 ${format.toUpperCase()}`}
      fetchFile={(format) => downloadProductExport(format, filters)}
      fallbackName={(format) => `products.${format}`}
    />
  )
}

/** The empty file to fill in (its header row names every column), as CSV or XLSX. */
export function TemplateButtons() {
  const { t } = useLingui()
  return (
    <FormatButtons
      label={t`下载导入模板`}
      variant="ghost"
      busyLabel={<Trans>正在下载…</Trans>}
      buttonLabel={(format) => t`模板 ${format.toUpperCase()}`}
      fetchFile={downloadImportTemplate}
      fallbackName={(format) => `product-import-template.${format}`}
    />
  )
}

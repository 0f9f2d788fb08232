import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../../components/ui/button.tsx'
import { Notice } from '../../../../components/ui/notice.tsx'
import { ProductImportMessage } from '../../../../domain/product-files.ts'
import { IMPORT_MAX_BYTES, type ImportResultDto } from '../../../../domain/product-import.ts'
import { ResultCode } from '../../../../domain/result-code.ts'
import { ApiFailure } from '../../../../lib/api-client.ts'
import type { UploadProgress } from '../../../../lib/upload-with-progress.ts'
import { formFailureOf } from '../../../../lib/validation-text.ts'
import { listPage, mutedText, pageTitle, section, sectionTitle } from '../../components/ops-table.ts'
import { importProducts } from '../api/import-products.ts'
import { importMessageText } from '../import-text.ts'
import { ExportButtons, TemplateButtons } from './export-buttons.tsx'
import { FileDrop } from './file-drop.tsx'
import { ImportErrors } from './import-errors.tsx'
import { ImportRows } from './import-rows.tsx'
import { ImportSummary } from './import-summary.tsx'
import { UploadProgressBar } from './upload-progress.tsx'

const downloads = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
  gap: '4',
})
const fileLine = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', fontSize: 'sm' })

type Step =
  | { kind: 'choosing' }
  | { kind: 'uploading'; file: File; applying: boolean; progress: UploadProgress | undefined }
  /** A dry run's result, or an apply refused with its errors. */
  | { kind: 'checked'; file: File; result: ImportResultDto }
  | { kind: 'applied'; result: ImportResultDto }

const FILE_NAME = /\.(csv|xlsx)$/i

/** Why a file is refused before it is sent: not CSV or XLSX by its name, or too large. */
function ownRefusal(file: File): string | undefined {
  if (!FILE_NAME.test(file.name)) return importMessageText(ProductImportMessage.fileType)
  if (file.size > IMPORT_MAX_BYTES) return importMessageText(ProductImportMessage.fileTooLarge)
  return undefined
}

/** A failed upload in words: a refusal of the file itself (400) in the import's phrases. */
function uploadFailureText(error: unknown): string | undefined {
  if (error instanceof ApiFailure && error.kind === 'server' && error.code === ResultCode.invalidInput) {
    return importMessageText(error.message)
  }
  return formFailureOf(error, []).message
}

/**
 * /ops/products/import: products in bulk from a CSV or XLSX file. The file is checked first (a dry
 * run: counts, new series and brands, each row's outcome, every error by line and column); it is
 * imported only once the check finds no error, all or nothing.
 */
export function ImportProductsPage() {
  const { t } = useLingui()
  const id = useId()
  const [step, setStep] = useState<Step>({ kind: 'choosing' })
  const [failure, setFailure] = useState<string>()
  const upload = useRef<AbortController | undefined>(undefined)

  const send = async (file: File, applying: boolean) => {
    const refusal = ownRefusal(file)
    if (refusal) {
      setFailure(refusal)
      return
    }
    setFailure(undefined)
    const controller = new AbortController()
    upload.current = controller
    setStep({ kind: 'uploading', file, applying, progress: undefined })
    try {
      const result = await importProducts(file, {
        dryRun: !applying,
        signal: controller.signal,
        onProgress: (progress) =>
          setStep((current) => (current.kind === 'uploading' ? { ...current, progress } : current)),
      })
      setStep(
        applying && result.errors.length === 0
          ? { kind: 'applied', result }
          : { kind: 'checked', file, result },
      )
    } catch (error) {
      setFailure(uploadFailureText(error))
      setStep({ kind: 'choosing' })
    } finally {
      if (upload.current === controller) upload.current = undefined
    }
  }

  const busy = step.kind === 'uploading'
  const checked = step.kind === 'checked' ? step : undefined
  const canApply = checked?.result.dryRun === true && checked.result.errors.length === 0

  return (
    <section className={listPage} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={pageTitle}>
        <Trans>批量导入商品</Trans>
      </h1>

      <div className={downloads}>
        <section className={section}>
          <h2 className={sectionTitle}>
            <Trans>导入模板</Trans>
          </h2>
          <p className={mutedText}>
            <Trans>
              列名即字段名；分类、系列、品牌可填 ID
              或任一语言的名称。没有的系列和品牌会自动新建，没有的分类则报错。
            </Trans>
          </p>
          <TemplateButtons />
        </section>
        <section className={section}>
          <h2 className={sectionTitle}>
            <Trans>导出全部商品</Trans>
          </h2>
          <p className={mutedText}>
            <Trans>导出的文件与导入的列相同：修改后再导入即可批量更新。</Trans>
          </p>
          <ExportButtons />
        </section>
      </div>

      {step.kind === 'applied' ? (
        <Notice
          tone="info"
          title={<Trans>导入完成</Trans>}
          action={
            <Link to="/ops/products">
              <Trans>查看商品列表</Trans>
            </Link>
          }
        >
          {t`新建 ${step.result.created} 个，更新 ${step.result.updated} 个，不变 ${step.result.unchanged} 个；新建系列 ${step.result.createdSeries.length} 个，新建品牌 ${step.result.createdBrands.length} 个。`}
        </Notice>
      ) : null}
      {failure ? (
        <Notice tone="error" title={<Trans>无法读取这个文件</Trans>}>
          {failure}
        </Notice>
      ) : null}

      {step.kind === 'uploading' ? (
        <UploadProgressBar
          progress={step.progress}
          applying={step.applying}
          onCancel={() => upload.current?.abort()}
        />
      ) : (
        <FileDrop disabled={busy} onFile={(file) => void send(file, false)} />
      )}

      {checked ? (
        <section className={section} aria-label={t`检查结果`}>
          <div className={fileLine}>
            <span>
              <Trans>文件：{checked.file.name}</Trans>
            </span>
            <Button variant="ghost" onClick={() => void send(checked.file, false)}>
              <Trans>重新检查</Trans>
            </Button>
          </div>
          {checked.result.dryRun ? null : (
            <Notice tone="error" title={<Trans>没有导入</Trans>}>
              <Trans>导入时发现错误，没有任何商品被修改。请修正后重新选择文件。</Trans>
            </Notice>
          )}
          <ImportSummary result={checked.result} />
          {checked.result.errors.length > 0 ? <ImportErrors errors={checked.result.errors} /> : null}
          <div>
            <Button disabled={!canApply} onClick={() => void send(checked.file, true)}>
              <Trans>导入</Trans>
            </Button>
            {checked.result.errors.length > 0 ? (
              <p className={mutedText}>
                <Trans>有错误时不能导入：请修正文件后重新选择。</Trans>
              </p>
            ) : null}
          </div>
          {checked.result.preview.length > 0 ? (
            <ImportRows rows={checked.result.preview} total={checked.result.rows} />
          ) : null}
        </section>
      ) : null}
    </section>
  )
}

import type { ImportResultDto } from '../../../../domain/product-import.ts'
import { ResultCode } from '../../../../domain/result-code.ts'
import { ApiFailure } from '../../../../lib/api-client.ts'
import { type UploadProgress, uploadWithProgress } from '../../../../lib/upload-with-progress.ts'

function isImportResult(data: unknown): data is ImportResultDto {
  if (typeof data !== 'object' || data === null) return false
  const result = data as Partial<ImportResultDto>
  return typeof result.rows === 'number' && Array.isArray(result.errors) && Array.isArray(result.preview)
}

/**
 * POST /api/ops/products/import (multipart `file`): with `dryRun` it checks every row and changes
 * nothing. An apply with any error is refused (400) with the same result in `data`: that result is
 * answered here as well, so the page shows the errors either way. Other failures reject.
 */
export async function importProducts(
  file: File,
  options: { dryRun: boolean; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal },
): Promise<ImportResultDto> {
  const form = new FormData()
  form.append('file', file, file.name)
  try {
    return await uploadWithProgress<ImportResultDto>('/ops/products/import', form, {
      query: options.dryRun ? { dryRun: 1 } : {},
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    })
  } catch (error) {
    if (error instanceof ApiFailure && error.code === ResultCode.invalidInput && isImportResult(error.data)) {
      return error.data
    }
    throw error
  }
}

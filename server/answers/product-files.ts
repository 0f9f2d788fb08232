import * as v from 'valibot'
import type { ImportError, ImportPreviewRow, ImportResultDto } from '../../src/domain/product-import.ts'
import { answerOf, count, named } from './shape.ts'

export const importErrorAnswer = named(
  'ImportError',
  answerOf<ImportError>()(
    v.strictObject({
      line: v.pipe(count, v.description('The file’s line: the header is line 1')),
      column: v.pipe(
        v.nullable(v.string()),
        v.description('The column’s header name, or null for a problem of the whole row or file'),
      ),
      message: v.string(),
    }),
  ),
)

export const importPreviewRowAnswer = named(
  'ImportPreviewRow',
  answerOf<ImportPreviewRow>()(
    v.strictObject({
      line: count,
      itemNo: v.string(),
      outcome: v.picklist(['created', 'updated', 'unchanged'] as const),
      changes: v.pipe(v.array(v.string()), v.description('Field names that change (updated rows)')),
    }),
  ),
)

export const importResultAnswer = named(
  'ImportResultDto',
  answerOf<ImportResultDto>()(
    v.strictObject({
      rows: count,
      created: count,
      updated: count,
      unchanged: count,
      createdSeries: v.array(v.string()),
      createdBrands: v.array(v.string()),
      errors: v.array(importErrorAnswer),
      preview: v.pipe(
        v.array(importPreviewRowAnswer),
        v.description('Every data row’s outcome, for the preview table (at most the first 1,000 rows)'),
      ),
      dryRun: v.boolean(),
    }),
  ),
)

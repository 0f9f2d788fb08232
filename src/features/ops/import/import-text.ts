import { t } from '@lingui/core/macro'
import { ProductReferenceMessage } from '../../../domain/product-editor.ts'
import { ProductImportMessage } from '../../../domain/product-files.ts'
import { validationText } from '../../../lib/validation-text.ts'
import { productPhraseText } from '../products/product-editor-text.ts'
import { phraseLookup, taxonomyPhraseText } from '../taxonomy/taxonomy-text.ts'

type ImportPhrase = (typeof ProductImportMessage)[keyof typeof ProductImportMessage]
type ReferencePhrase = (typeof ProductReferenceMessage)[keyof typeof ProductReferenceMessage]

// Typed by the domain's phrase lists so a phrase added there fails to compile until it is translated.
const IMPORT_TEXT: Record<ImportPhrase, () => string> = {
  [ProductImportMessage.notAFile]: () => t`请选择一个文件`,
  [ProductImportMessage.fileType]: () => t`文件须为 UTF-8 编码的 CSV 或 XLSX 工作簿`,
  [ProductImportMessage.fileTooLarge]: () => t`文件不能超过 20 MB`,
  [ProductImportMessage.fileEmpty]: () => t`文件须有一行表头和至少一行商品`,
  [ProductImportMessage.tooManyRows]: () => t`最多 50,000 行商品`,
  [ProductImportMessage.tooManyColumns]: () => t`最多 200 列`,
  [ProductImportMessage.csvSyntax]: () => t`CSV 格式有误（请检查引号和每行的单元格数）`,
  [ProductImportMessage.hasErrors]: () => t`文件有错误，没有导入任何商品`,
  [ProductImportMessage.createdMeanwhile]: () => t`导入期间有人新建了相同货号的商品，请重新导入`,
  [ProductImportMessage.unknownColumn]: () => t`不是商品文件的列名`,
  [ProductImportMessage.duplicateColumn]: () => t`在表头中重复出现`,
  [ProductImportMessage.itemNoColumn]: () => t`表头中必须有这一列`,
  [ProductImportMessage.cellCount]: () => t`单元格数须与表头的列数相同`,
  [ProductImportMessage.duplicateItemNo]: () => t`与前面某一行的货号重复`,
  [ProductImportMessage.ambiguousName]: () => t`有多项同名，请改填 ID`,
  [ProductImportMessage.newName]: () => t`最多 100 个字符`,
  [ProductImportMessage.exportTooLarge]: () => t`符合条件的商品超过 50,000 个，请缩小筛选范围`,
}

const REFERENCE_TEXT: Record<ReferencePhrase, () => string> = {
  [ProductReferenceMessage.categoryId]: () => t`找不到这个分类（请填写分类 ID，或任一语言的分类名称）`,
  [ProductReferenceMessage.seriesId]: () => t`找不到这个系列`,
  [ProductReferenceMessage.brandId]: () => t`找不到这个品牌`,
  [ProductReferenceMessage.images]: () => t`须为已上传的图片`,
  [ProductReferenceMessage.itemNoTaken]: () => t`货号已被其他商品使用`,
  [ProductReferenceMessage.stale]: () => t`商品已被他人修改`,
}

const ownPhraseText = phraseLookup<ImportPhrase | ReferencePhrase>({ ...IMPORT_TEXT, ...REFERENCE_TEXT })

/**
 * The words of a phrase an import (or its export) reports: the import's own, the taxonomy schemas' or
 * the product schemas', bare or after its column; undefined for one the console does not know.
 */
export const importPhraseText = (message: string): string | undefined =>
  ownPhraseText(message) ?? taxonomyPhraseText(message) ?? productPhraseText(message)

/**
 * An import error's message (a phrase of the import, the product schemas, the taxonomy schemas or the
 * shared validation list), translated; one the console does not know is shown as the server wrote it.
 */
export const importMessageText = (message: string): string =>
  importPhraseText(message) ?? validationText(message)

import type { Context } from 'hono'
import { createFactory } from 'hono/factory'
import {
  ProductImportMessage,
  productExportQuery,
  productImportQuery,
  productTemplateQuery,
} from '../../../src/domain/product-files.ts'
import type { AppEnv } from '../../app-env.ts'
import { ok } from '../../http/envelope.ts'
import { requirePermission, signedIn } from '../../http/session.ts'
import { uploadedFileBytes, validQuery } from '../../http/validate.ts'
import {
  exportProducts,
  type ProductFile,
  productTemplate,
} from '../../services/product-files/product-export.ts'
import { fileError } from '../../services/product-files/product-file-read.ts'
import { importProducts } from '../../services/product-files/product-import.ts'

const factory = createFactory<AppEnv>()
const catalogRoom = requirePermission('catalog')

export const importProductsHandlers = factory.createHandlers(
  catalogRoom,
  validQuery(productImportQuery),
  async (c) => {
    const bytes = await uploadedFileBytes(c, () => fileError(ProductImportMessage.notAFile))
    const result = await importProducts(c.var.deps.db, {
      bytes,
      dryRun: c.req.valid('query').dryRun,
      actorId: signedIn(c).userId,
      at: c.var.deps.now(),
    })
    return ok(c, result)
  },
)

/** A file rather than the envelope; failures before it (filters, permission) stay enveloped. */
const sendFile = (c: Context<AppEnv>, file: ProductFile) =>
  c.body(file.body, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'private, no-store',
  })

export const exportProductsHandlers = factory.createHandlers(
  catalogRoom,
  validQuery(productExportQuery),
  async (c) => sendFile(c, await exportProducts(c.var.deps.db, c.req.valid('query'), c.var.deps.now())),
)

export const productTemplateHandlers = factory.createHandlers(
  catalogRoom,
  validQuery(productTemplateQuery),
  async (c) =>
    sendFile(c, await productTemplate(c.var.deps.db, c.req.valid('query').format, c.var.deps.now())),
)

import { fallbackUrlOf, type MediaImageDto } from '../../../src/domain/media.ts'
import type { OpsProductDto, ProductBody } from '../../../src/domain/product-editor.ts'
import type { products } from '../../db/schema.ts'

/* A product row as the console reads and writes it (backoffice §2): every field, flat per language. */

export type ProductRow = typeof products.$inferSelect
type ProductColumns = Omit<typeof products.$inferInsert, 'id' | 'createdAt'>

/** The URLs a product's uploaded pictures put into imgList (one plain `src` each). */
export function uploadUrlsOf(images: readonly MediaImageDto[]): string[] {
  return images.map((image) => fallbackUrlOf(image)).filter((url): url is string => url !== undefined)
}

/** The imgList entries that are no upload's: the demo's drawings, pictures from elsewhere. */
export function legacyUrlsOf(row: Pick<ProductRow, 'imgList' | 'images'>): string[] {
  const uploads = new Set(uploadUrlsOf(row.images))
  return row.imgList.filter((url) => !uploads.has(url))
}

export function toOpsProductDto(row: ProductRow): OpsProductDto {
  return {
    id: row.id,
    itemNo: row.itemNo,
    janCode: row.janCode,
    boxBarcode: row.boxBarcode,
    productName: row.productName,
    jpProductName: row.jpProductName,
    enProductName: row.enProductName,
    type: row.type,
    categoryId: row.categoryId,
    seriesId: row.seriesId,
    brandId: row.brandId,
    sellTime: row.sellTime,
    preSellEndTime: row.preSellEndTime ? row.preSellEndTime.toISOString() : null,
    releaseDate: row.releaseDate,
    cnAlonePrice: row.cnAlonePrice,
    cnBatchPrice: row.cnBatchPrice,
    jpAlonePrice: row.jpAlonePrice,
    jpBatchPrice: row.jpBatchPrice,
    enAlonePrice: row.enAlonePrice,
    enBatchPrice: row.enBatchPrice,
    isDiscount: row.isDiscount,
    isFront: row.isFront,
    boxIn: row.boxIn,
    orderBase: row.orderBase,
    stock: row.stock,
    // The table's check keeps status to 1 or 2.
    status: row.status === 2 ? 2 : 1,
    hotRank: row.hotRank,
    newRank: row.newRank,
    recommendRank: row.recommendRank,
    weightG: row.weightG,
    description: row.description,
    jpDescription: row.jpDescription,
    enDescription: row.enDescription,
    images: row.images,
    imgList: legacyUrlsOf(row),
    updatedAt: row.updatedAt.toISOString(),
    createTime: row.createdAt.toISOString(),
  }
}

/**
 * The columns a save writes: the body's fields (descriptions already sanitised), the pictures as
 * copies, imgList their URLs (or the legacy ones when no picture is given) and the save's time.
 */
export function productColumnsOf(
  body: ProductBody,
  pictures: { images: MediaImageDto[]; legacyUrls: string[] },
  at: Date,
): ProductColumns {
  const { images: _ids, preSellEndTime, ...fields } = body
  return {
    ...fields,
    preSellEndTime: preSellEndTime === null ? null : new Date(preSellEndTime),
    images: pictures.images,
    imgList: pictures.images.length > 0 ? uploadUrlsOf(pictures.images) : pictures.legacyUrls,
    updatedAt: at,
  }
}

/** The fields an audit row compares: the body's, with pictures as their media ids. */
export function auditedFieldsOf(dto: OpsProductDto): Record<string, unknown> {
  const { id: _id, updatedAt: _updatedAt, createTime: _createTime, images, ...fields } = dto
  return { ...fields, images: images.map((image) => image.id) }
}

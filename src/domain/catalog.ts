/** Wire shapes of the catalog calls, shared by the server that sends them and the PWA that reads them. */

export interface CategoryNode {
  id: number
  name: string
  jpName: string | null
  enName: string | null
  children: CategoryNode[]
}

/** A product as product lists show it (spec §3 'Product'). Prices are null when the caller may not see them. */
export interface ProductCardDto {
  id: number
  type: number
  productName: string
  jpProductName: string | null
  enProductName: string | null
  imgList: string[]
  sellTimeStr: string | null
  preSellEndTime: string | null
  cnAlonePrice: number | null
  cnBatchPrice: number | null
  jpAlonePrice: number | null
  jpBatchPrice: number | null
  enAlonePrice: number | null
  enBatchPrice: number | null
  isDiscount: boolean
  isFront: boolean
  boxIn: number
}

/** Number of products on each home-page list. */
export const HOME_LIST_SIZE = 12

/** Spec §2 'Product list card': ja shows the Japanese name, zhCn the Chinese, any other language the English. */
export function productNameIn(
  language: 'zhCn' | 'ja' | 'en',
  product: Pick<ProductCardDto, 'productName' | 'jpProductName' | 'enProductName'>,
): string {
  if (language === 'ja') return product.jpProductName || product.productName
  if (language === 'zhCn') return product.productName
  return product.enProductName || product.productName
}

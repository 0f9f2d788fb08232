import type { CategoryNode } from '../../../domain/catalog.ts'
import { apiGet } from '../../../lib/api-client.ts'

export const getCategoryTree = () =>
  apiGet<CategoryNode[]>('/mall/category/list', {}, { systemNotify: false })

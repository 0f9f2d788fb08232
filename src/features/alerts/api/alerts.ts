import type { AlertDto, AlertStateDto } from '../../../domain/alerts.ts'
import type { Page } from '../../../domain/queries.ts'
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client.ts'

/** POST /mall/alert/subscribe/{productId}: tell me when it can be ordered. */
export const subscribeAlert = (productId: number) =>
  apiPost<AlertStateDto>(`/mall/alert/subscribe/${productId}`)

/** DELETE /mall/alert/{productId}: stop telling me. */
export const unsubscribeAlert = (productId: number) => apiDelete<AlertStateDto>(`/mall/alert/${productId}`)

/** GET /mall/alert/state/{productId}: whether I asked. */
export const getAlertState = (productId: number) =>
  apiGet<AlertStateDto>(`/mall/alert/state/${productId}`, {}, { systemNotify: false })

/** GET /mall/alert/list: my alerts, newest first. */
export const getAlertList = (pageNum: number, pageSize: number) =>
  apiGet<Page<AlertDto>>('/mall/alert/list', { pageNum, pageSize })

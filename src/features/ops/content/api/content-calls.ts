import type {
  AnnouncementBody,
  ArticleBody,
  BannerBody,
  BannerUpdateBody,
  CustomerServiceBody,
  OpsAnnouncementDto,
  OpsArticleDto,
  OpsBannerDto,
  OpsCustomerServiceDto,
} from '../../../../domain/content-ops.ts'
import type { MediaImageDto } from '../../../../domain/media.ts'
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api-client.ts'
import { uploadWithProgress } from '../../../../lib/upload-with-progress.ts'

// Every caller shows its own failures (a dialog, the page's notice).
const quiet = { systemNotify: false } as const

/**
 * The content room's calls (backoffice §3), all alike: GET /api/ops/{kind} (every one), POST a new one,
 * PUT /{id} and DELETE /{id}. A write's 400 names the field; an unknown id is 404.
 */
function contentCalls<Dto, CreateBody, UpdateBody = CreateBody>(
  kind: 'banners' | 'announcements' | 'articles',
) {
  const path = `/ops/${kind}`
  return {
    list: () => apiGet<Dto[]>(path, {}, quiet),
    create: (body: CreateBody) => apiPost<Dto>(path, body, quiet),
    update: (id: number, body: UpdateBody) => apiPut<Dto>(`${path}/${id}`, body, quiet),
    remove: (id: number) => apiDelete<unknown>(`${path}/${id}`, undefined, quiet),
  }
}

export const bannerCalls = {
  ...contentCalls<OpsBannerDto, BannerBody, BannerUpdateBody>('banners'),
  /** PUT /api/ops/banners/order: every banner's id once, in the new order. */
  order: (ids: number[]) => apiPut<OpsBannerDto[]>('/ops/banners/order', { ids }, quiet),
}
export const announcementCalls = contentCalls<OpsAnnouncementDto, AnnouncementBody>('announcements')
export const articleCalls = contentCalls<OpsArticleDto, ArticleBody>('articles')

export const customerServiceCalls = {
  read: () => apiGet<OpsCustomerServiceDto>('/ops/settings/customer-service', {}, quiet),
  /** Replaces the whole list. */
  replace: (body: CustomerServiceBody) =>
    apiPut<OpsCustomerServiceDto>('/ops/settings/customer-service', body, quiet),
}

/**
 * POST /api/ops/content/media (multipart `file`): the content room's picture upload, re-encoded by the
 * server like the catalog's; a banner or QR code refers to it by id.
 */
export function uploadContentPicture(file: File): Promise<MediaImageDto> {
  const form = new FormData()
  form.append('file', file, file.name)
  return uploadWithProgress<MediaImageDto>('/ops/content/media', form)
}

import type { AnnouncementDto } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { apiGet } from '../../../lib/api-client.ts'

/** GET /mall/announcement/list (published announcements, sanitised HTML). Quiet: a missing home list shows as an empty one (spec §8). */
export const getAnnouncements = (language: Language) =>
  apiGet<AnnouncementDto[]>('/mall/announcement/list', { language }, { systemNotify: false })

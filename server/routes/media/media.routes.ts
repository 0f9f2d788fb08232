import { mediaImageAnswer } from '../../answers/media.ts'
import type { RouteContract } from '../contract.ts'

/* The console's picture uploads (backoffice §2 Images). */

export const uploadMedia = {
  method: 'post',
  path: '/ops/media',
  summary:
    'multipart/form-data with field `file`: a JPEG, PNG, WebP or AVIF (judged by its bytes, not its name) of at most 10 MB and 40 megapixels. Re-encoded without metadata into AVIF and WebP at 320, 640 and 1280 px wide (never wider than the original; one variant at its own width when narrower than 320) with a blurred placeholder; audited',
  tag: 'ops',
  access: 'operator',
  permission: 'catalog',
  returns: mediaImageAnswer,
} satisfies RouteContract

export const mediaContracts = [uploadMedia]

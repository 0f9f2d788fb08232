/*
 * Kept apart from media.ts, whose size constants and srcset helpers every shopper's first load
 * carries: these phrases are for the console and the server only.
 */

/** Why POST /api/ops/media refuses a file (msg `file: …`): English, the console translates each. */
export const MediaMessage = {
  type: 'must be a JPEG, PNG, WebP or AVIF image',
  tooLarge: 'must be at most 10 MB',
  tooManyPixels: 'must be at most 40 megapixels and 20,000 pixels on a side',
  unreadable: 'could not be read as an image (is it damaged?)',
} as const

import * as v from 'valibot'
import { MEDIA_FORMATS, type MediaImageDto, type MediaVariantDto } from '../../src/domain/media.ts'
import { answerOf, count, id, named } from './shape.ts'

export const mediaVariantAnswer = named(
  'MediaVariantDto',
  answerOf<MediaVariantDto>()(
    v.strictObject({ width: count, format: v.picklist(MEDIA_FORMATS), url: v.string() }),
  ),
)

/** A picture on the wire: the upload's answer, and a product's or brand's images. */
export const mediaImageAnswer = named(
  'MediaImageDto',
  answerOf<MediaImageDto>()(
    v.strictObject({
      id,
      width: count,
      height: count,
      placeholder: v.pipe(v.string(), v.description('data: URL of a tiny blurred WebP')),
      variants: v.array(mediaVariantAnswer),
    }),
  ),
)

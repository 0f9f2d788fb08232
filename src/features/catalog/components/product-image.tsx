import type { SyntheticEvent } from 'react'
import { fallbackUrlOf, MEDIA_FORMATS, type MediaImageDto, srcSetOf } from '../../../domain/media.ts'

export interface ProductImageProps {
  /** The uploaded picture with its variants, when there is one. */
  image: MediaImageDto | undefined
  /** The plain URL (imgList) drawn when there is no uploaded picture. */
  src: string
  alt: string
  /** How wide the image is drawn, for the browser to choose a variant (`sizes`). */
  sizes: string
  className?: string | undefined
  /** The page's largest paint: fetched at once and first. */
  priority?: boolean
  /** Size of a plain image (its real one is unknown): reserves its box before it loads. */
  width?: number
  height?: number
}

/** Once drawn, the blurred placeholder behind it goes (it would show through a transparent picture). */
const dropPlaceholder = (event: SyntheticEvent<HTMLImageElement>) => {
  event.currentTarget.style.backgroundImage = ''
}

/**
 * A product picture: AVIF, else WebP, at the width the page draws it (`srcset`/`sizes`), the picture's
 * own width and height so nothing moves when it arrives, and its tiny blurred placeholder until then.
 * A product whose pictures come from elsewhere gets a plain `<img>`.
 */
export function ProductImage({
  image,
  src,
  alt,
  sizes,
  className,
  priority = false,
  width = 300,
  height = 300,
}: ProductImageProps) {
  const img = (
    <img
      className={className}
      src={(image && fallbackUrlOf(image)) || src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      width={image?.width ?? width}
      height={image?.height ?? height}
      style={image ? { backgroundImage: `url("${image.placeholder}")`, backgroundSize: 'cover' } : undefined}
      onLoad={image ? dropPlaceholder : undefined}
    />
  )
  if (!image) return img
  // display: contents, so the <img> sizes itself against the box around it as a bare one would
  return (
    <picture style={{ display: 'contents' }}>
      {MEDIA_FORMATS.map((format) => {
        const srcSet = srcSetOf(image, format)
        return srcSet ? <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={sizes} /> : null
      })}
      {img}
    </picture>
  )
}

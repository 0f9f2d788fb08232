import type { SyntheticEvent } from 'react'
import { fallbackUrlOf, MEDIA_FORMATS, type MediaImageDto, srcSetOf } from '../../../domain/media.ts'

/**
 * When a picture loads: `lcp` is the page's largest paint (at once, ahead of everything; one per page),
 * `eager` is in the first screen (at once, normal priority), `lazy` when scrolled near.
 */
export type ImageLoad = 'lcp' | 'eager' | 'lazy'

export interface MediaPictureProps {
  /** The uploaded picture with its variants, when there is one. */
  image: MediaImageDto | null | undefined
  /** The plain URL drawn when there is no uploaded picture. */
  src: string
  alt: string
  /** How wide the image is drawn, for the browser to choose a variant (`sizes`). */
  sizes: string
  className?: string | undefined
  load?: ImageLoad | undefined
  /** Size of a plain image (its real one is unknown): reserves its box before it loads. */
  width?: number
  height?: number
}

/** Once drawn, the blurred placeholder behind it goes (it would show through a transparent picture). */
const dropPlaceholder = (event: SyntheticEvent<HTMLImageElement>) => {
  event.currentTarget.style.backgroundImage = ''
}

/**
 * A picture of the media pipeline (product covers, banners, cart and order lines): AVIF, else WebP, at
 * the width the page draws it (`srcset`/`sizes`), the picture's own width and height so nothing moves
 * when it arrives, and its tiny blurred placeholder until then. A picture from elsewhere gets a plain
 * `<img>`. (The file keeps its first name: the build's chunk groups in vite.config.ts name it.)
 */
export function MediaPicture({
  image,
  src,
  alt,
  sizes,
  className,
  load = 'lazy',
  width = 300,
  height = 300,
}: MediaPictureProps) {
  const img = (
    <img
      className={className}
      src={(image && fallbackUrlOf(image)) || src}
      alt={alt}
      loading={load === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={load === 'lcp' ? 'high' : undefined}
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

import { css, cx } from '../../../../../styled-system/css'
import { fallbackUrlOf, type MediaImageDto } from '../../../../domain/media.ts'

const frame = css({
  display: 'block',
  objectFit: 'cover',
  bg: 'surface.muted',
  backgroundSize: 'cover',
  borderRadius: 'sm',
  border: '1px solid',
  borderColor: 'border',
})

/**
 * A picture's small rendering: its 320 px WebP over its blurred placeholder, so the cell shows
 * something at once. `url` is a plain picture (the demo's `imgList`) when there is no upload.
 */
export function ProductThumb(props: {
  image?: MediaImageDto | undefined
  url?: string | undefined
  alt: string
  size: number
  className?: string
}) {
  const src = props.image ? fallbackUrlOf(props.image, 320) : props.url
  if (!src)
    return <span className={cx(frame, props.className)} style={{ width: props.size, height: props.size }} />
  return (
    <img
      className={cx(frame, props.className)}
      src={src}
      alt={props.alt}
      width={props.size}
      height={props.size}
      loading="lazy"
      decoding="async"
      style={props.image ? { backgroundImage: `url("${props.image.placeholder}")` } : undefined}
    />
  )
}

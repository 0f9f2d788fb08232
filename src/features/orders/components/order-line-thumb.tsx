import type { OrderLineDto } from '../../../domain/orders.ts'
import { MediaPicture } from '../../catalog/components/product-image.tsx'

/**
 * An order line's picture, `size` px square (its product's name beside it says what it is), or an
 * empty square of the same size when the product has none, so the lines stay aligned.
 */
export function OrderLineThumb(props: {
  line: Pick<OrderLineDto, 'imgUrl' | 'image'>
  size: number
  className: string
}) {
  const { line, size, className } = props
  if (!line.imgUrl) return <span className={className} aria-hidden="true" />
  return (
    <MediaPicture
      className={className}
      image={line.image}
      src={line.imgUrl}
      alt=""
      sizes={`${size}px`}
      width={size}
      height={size}
    />
  )
}

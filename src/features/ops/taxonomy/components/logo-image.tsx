import { css, cx } from '../../../../../styled-system/css'
import { fallbackUrlOf, type MediaImageDto, srcSetOf } from '../../../../domain/media.ts'

const image = css({
  objectFit: 'contain',
  bg: 'white',
  borderRadius: 'sm',
  border: '1px solid',
  borderColor: 'border',
})
const sizes = { small: css({ width: '10', height: '10' }), large: css({ width: '24', height: '24' }) }

/** A brand's logo at the size a list row or the dialog's preview needs, AVIF or WebP as the browser takes. */
export function LogoImage(props: { logo: MediaImageDto; alt: string; size: 'small' | 'large' }) {
  const { logo } = props
  const width = props.size === 'small' ? '40px' : '96px'
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(logo, 'avif')} sizes={width} />
      <source type="image/webp" srcSet={srcSetOf(logo, 'webp')} sizes={width} />
      <img
        className={cx(image, sizes[props.size])}
        src={fallbackUrlOf(logo, 320) ?? logo.placeholder}
        alt={props.alt}
        width={logo.width}
        height={logo.height}
        loading="lazy"
        style={{ backgroundImage: `url(${logo.placeholder})`, backgroundSize: 'cover' }}
      />
    </picture>
  )
}

import type { ButtonHTMLAttributes } from 'react'
import { cva, cx } from '../../../styled-system/css'

const button = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    px: '4',
    py: '2',
    borderRadius: 'sm',
    fontSize: 'sm',
    fontWeight: 'medium',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '2px' },
  },
  variants: {
    variant: {
      primary: { bg: 'primary', color: 'white', _hover: { bg: 'primary.hover' } },
      secondary: { bg: 'secondary', color: 'white', _hover: { bg: 'secondary.hover' } },
      ghost: { bg: 'transparent', color: 'inherit', _hover: { textDecoration: 'underline' } },
    },
  },
  defaultVariants: { variant: 'primary' },
})

export function Button({
  variant,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'ghost' }) {
  return <button type={type} className={cx(button({ variant }), className)} {...rest} />
}

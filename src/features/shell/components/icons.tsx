/** Line icons of the header; decorative: the button or link around each one carries the name. */

const common = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const

export function MagnifierIcon() {
  return (
    <svg aria-hidden="true" {...common}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  )
}

export function MenuIcon() {
  return (
    <svg aria-hidden="true" {...common}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  )
}

export function HeartIcon() {
  return (
    <svg aria-hidden="true" {...common}>
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </svg>
  )
}

export function CartIcon() {
  return (
    <svg aria-hidden="true" {...common}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.6 12.2a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L22 7H6" />
    </svg>
  )
}

export function ChevronIcon() {
  return (
    <svg aria-hidden="true" {...common} width={16} height={16}>
      <path d="m9 6 6 6-6 6" />
    </svg>
  )
}

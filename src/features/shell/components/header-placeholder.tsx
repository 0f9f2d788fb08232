import { Link } from '@tanstack/react-router'

/**
 * The header's place while the phone or desktop header's code arrives: the same bar index.html drew
 * before any script ran (`.shell-*` in panda.config.ts), so nothing moves when the real one lands.
 */
export function HeaderPlaceholder() {
  return (
    <header className="shell-header">
      <div className="shell-bar">
        <Link to="/" className="shell-logo">
          Yoyaku 予約
        </Link>
      </div>
    </header>
  )
}

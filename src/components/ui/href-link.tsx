import { useRouter } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, Ref } from 'react'

/**
 * A link to a path of the app given as a string (menu entries, pages still to come): a plain click
 * navigates inside the app without reloading it; a modified click (new tab, window) stays the
 * browser's. Typed `<Link to>` is for routes that exist; this is for hrefs held as data.
 */
export function HrefLink({
  href,
  onClick,
  ref,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; ref?: Ref<HTMLAnchorElement> }) {
  const router = useRouter()
  return (
    <a
      ref={ref}
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event)
        const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
        if (event.defaultPrevented || event.button !== 0 || modified || rest.target) return
        event.preventDefault()
        router.history.push(href)
      }}
    />
  )
}

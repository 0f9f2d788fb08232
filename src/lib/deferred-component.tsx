import { type ComponentType, useEffect, useState } from 'react'

/**
 * A component whose code is fetched once it first mounts and which draws nothing until then, for the
 * parts around a page (the customer-service dock, the tips and update prompts). Unlike `lazy()` it
 * never suspends: a Suspense fallback committed anywhere holds back the reveal of the page's own
 * content for React's 300 ms fallback throttle, so a side part arriving late would delay the page.
 * A failed fetch (offline) draws nothing and is tried again at the next mount; the browser fetches
 * a module once however often it is imported.
 */
export function deferredComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined
  return function Deferred(props: P) {
    const [Component, setComponent] = useState(() => loaded)
    useEffect(() => {
      let live = true
      if (!Component) {
        load().then(
          (component) => {
            loaded = component
            if (live) setComponent(() => component)
          },
          () => {},
        )
      }
      return () => {
        live = false
      }
    }, [Component])
    return Component ? <Component {...props} /> : null
  }
}

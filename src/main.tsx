import './index.css'
// Chromium may offer installation before the app has loaded: listen from the start (no React here).
import './features/shell/install/install-offer.ts'

/**
 * The entry is only this: the HTML shell (header bar and skeleton) paints first, then the app's code
 * is fetched and run. Its download starts one frame later, and the first paint never waits for it.
 * A hidden tab gets no animation frames, so a timer brings the app there.
 */
let booted = false
function boot(): void {
  if (booted) return
  booted = true
  void import('./boot.tsx')
}
requestAnimationFrame(() => setTimeout(boot, 0))
setTimeout(boot, 250)

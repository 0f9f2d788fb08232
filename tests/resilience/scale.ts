/**
 * How much each resilience suite does: `ci` keeps `npm test` inside CI's time budget, `long` is the
 * bench's full run (`npm run test:resilience -- --long`), whose figures README reports.
 */
export const longRun = process.env.RESILIENCE_SCALE === 'long'

/** `ci` in CI and plain `vitest`, `long` under `--long`. */
export function scaled(ci: number, long: number): number {
  return longRun ? long : ci
}

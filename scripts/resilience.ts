import { spawnSync } from 'node:child_process'

/**
 * `npm run test:resilience [-- --long]`: the crash, fuzz, ownership, webhook-storm and abuse suites.
 * `npm test` runs them at the CI size (part of `vitest run`); `--long` runs the full counts the README
 * table reports (tests/resilience/scale.ts reads RESILIENCE_SCALE).
 */
const long = process.argv.includes('--long')
const result = spawnSync('npx', ['vitest', 'run', '--project', 'resilience'], {
  stdio: 'inherit',
  env: { ...process.env, RESILIENCE_SCALE: long ? 'long' : 'ci' },
})
process.exit(result.status ?? 1)

/**
 * `npm run dev`: the API (restarted by node --watch when server code changes) and the Vite dev
 * server with hot reload, which proxies /api and /media to it. Ctrl-C stops both.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'

const apiPort = process.env.DEV_API_PORT ?? '8787'
// The console's stylesheet is generated, not watched: restart after adding console styles.
execFileSync(process.execPath, ['scripts/console-css.ts'], { stdio: 'inherit' })
const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=src/domain', 'server/index.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
      // Log lines for people while developing; JSON everywhere else.
      LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
    },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, DEV_API_PORT: apiPort },
  }),
]

const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) {
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
}

import { type ChildProcess, spawn } from 'node:child_process'

export interface StartedServer {
  child: ChildProcess
  port: number
  baseUrl: string
  output: () => string
}

export interface ExitedServer {
  code: number | null
  stdout: string
  stderr: string
}

/** How much of the server's output a caller can read back (at least the last 2 MB of each stream). */
const MAX_KEPT_OUTPUT = 2 * 1024 * 1024

const keepTail = (text: string) => (text.length > 2 * MAX_KEPT_OUTPUT ? text.slice(-MAX_KEPT_OUTPUT) : text)

/**
 * Runs the real server (`node server/index.ts`, what `npm start` runs after the build) on a free
 * port. `started` settles when it prints its address; `exited` when the process ends.
 */
export function runServer(env: Record<string, string>): {
  started: Promise<StartedServer>
  exited: Promise<ExitedServer>
} {
  const child = spawn(process.execPath, ['server/index.ts'], {
    // LOG_LEVEL info whatever the tests' own (silent): the start lines are how the caller knows the port.
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const exited = new Promise<ExitedServer>((resolve) => {
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
  let listening = false
  const started = new Promise<StartedServer>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      // A bench logs millions of request lines: keep a bounded tail (cut only when it has grown to
      // twice the bound, so the copy is rare) and stop scanning once started.
      stdout = keepTail(stdout + chunk.toString())
      if (listening) return
      const match = /listening on http:\/\/localhost:(\d+)/.exec(stdout)
      if (match) {
        listening = true
        const port = Number(match[1])
        resolve({ child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => stdout + stderr })
      }
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = keepTail(stderr + chunk.toString())
    })
    void exited.then(({ code }) => reject(new Error(`server exited with ${code}: ${stderr || stdout}`)))
  })
  started.catch(() => {}) // a caller that expects a refusal awaits `exited` only
  return { started, exited }
}

/** SIGTERM, then wait for the exit code. */
export async function stopServer(server: { child: ChildProcess }, exited: Promise<ExitedServer>) {
  server.child.kill('SIGTERM')
  return exited
}

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

/**
 * Runs the real server (`node server/index.ts`, what `npm start` runs after the build) on a free
 * port. `started` settles when it prints its address; `exited` when the process ends.
 */
export function runServer(env: Record<string, string>): {
  started: Promise<StartedServer>
  exited: Promise<ExitedServer>
} {
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const exited = new Promise<ExitedServer>((resolve) => {
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
  const started = new Promise<StartedServer>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /listening on http:\/\/localhost:(\d+)/.exec(stdout)
      if (match) {
        const port = Number(match[1])
        resolve({ child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => stdout + stderr })
      }
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
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

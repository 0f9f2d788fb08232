import { type ChildProcess, spawn } from 'node:child_process'

export interface ExitStatus {
  code: number | null
  signal: NodeJS.Signals | null
}

/** The end of a long stream: a process under load logs millions of lines, the caller reads the tail. */
export class OutputTail {
  /** The chunks as they came, oldest first: joined only when read, since a busy process prints much. */
  readonly #chunks: string[] = []
  #length = 0
  readonly #limit: number

  constructor(limit = 2 * 1024 * 1024) {
    this.#limit = limit
  }

  append(text: string) {
    this.#chunks.push(text)
    this.#length += text.length
    // Whole chunks go once the rest still holds the limit; text() trims the last excess.
    while (this.#chunks.length > 1 && this.#length - (this.#chunks[0]?.length ?? 0) >= this.#limit) {
      this.#length -= this.#chunks.shift()?.length ?? 0
    }
  }

  text(): string {
    return this.#chunks.join('').slice(-this.#limit)
  }

  lastLines(count: number): string[] {
    return this.text().trimEnd().split('\n').slice(-count).filter(Boolean)
  }
}

export interface ChildRun {
  child: ChildProcess
  pid: number
  exited: Promise<ExitStatus>
  hasExited(): boolean
}

interface SpawnOptions {
  env: NodeJS.ProcessEnv
  cwd?: string
  onStdout(text: string): void
  onStderr(text: string): void
}

/**
 * Starts a child in its own process group: a Ctrl-C at the terminal reaches the cluster only, which
 * then stops each child in order, and a forced stop can take the child's own children (nginx's
 * workers) with it.
 */
export function spawnChild(command: string, args: string[], options: SpawnOptions): ChildRun {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let ended = false
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = true
      resolve({ code, signal })
    })
    child.once('error', (error) => {
      // Spawning failed (no such binary): report it as output and as an exit.
      options.onStderr(`${error.message}\n`)
      ended = true
      resolve({ code: null, signal: null })
    })
  })
  child.stdout?.setEncoding('utf8').on('data', (text: string) => options.onStdout(text))
  child.stderr?.setEncoding('utf8').on('data', (text: string) => options.onStderr(text))
  return { child, pid: child.pid ?? 0, exited, hasExited: () => ended }
}

/** Sends `signal`, waits up to `graceMs` for the exit, then kills the child's whole process group. */
export async function terminate(run: ChildRun, signal: NodeJS.Signals, graceMs: number): Promise<ExitStatus> {
  if (run.hasExited()) return run.exited
  run.child.kill(signal)
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs)
  })
  const outcome = await Promise.race([run.exited, late])
  clearTimeout(timer)
  if (outcome !== 'late') return outcome
  killGroup(run, 'SIGKILL')
  return run.exited
}

/** Signals the child and everything it started (it leads its own process group). */
export function killGroup(run: ChildRun, signal: NodeJS.Signals) {
  if (run.hasExited() || run.pid === 0) return
  try {
    process.kill(-run.pid, signal)
  } catch {
    // already gone
  }
}

/** Splits a stream into whole lines for a line-by-line log, keeping a partial line for the next chunk. */
export function lineSplitter(onLine: (line: string) => void): (text: string) => void {
  let partial = ''
  return (text) => {
    const lines = (partial + text).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) onLine(line)
  }
}

export function describeExit(status: ExitStatus): string {
  if (status.signal) return `was killed by ${status.signal}`
  return `exited with code ${status.code ?? 'unknown'}`
}

/** An HTTP status, or undefined when nothing answered in time. */
export async function statusOf(url: string, timeoutMs: number): Promise<number | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
    await response.arrayBuffer() // read to the end: a cancelled body is an aborted request to the proxy
    return response.status
  } catch {
    return undefined
  }
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

import {
  type ChildRun,
  delay,
  describeExit,
  type ExitStatus,
  killGroup,
  lineSplitter,
  OutputTail,
  spawnChild,
  statusOf,
  terminate,
} from './child-process.ts'

/**
 * One app process of the cluster, as the tests and the CLI see it. A process that exits without
 * `restart()` or the cluster's `stop()` (killed, crashed, or stopped with `kill`) is reported and
 * started again on its port, after a pause that doubles with each crash in a row (up to 30 s).
 */
export interface ClusterNode {
  /** Its place in `Cluster.nodes` (0, 1, …), also the `[app N]` prefix of its lines in the log. */
  index: number
  /** Where it listens directly, bypassing the proxy: http://127.0.0.1:<its fixed port>. */
  baseUrl: string
  /** The pid of the current run (a restart changes it). */
  pid: number
  /** Everything it printed on stdout and stderr, across restarts (the last 2 MB). */
  output(): string
  kill(signal: NodeJS.Signals): void
  /** Settles with the exit code of the current run (null when a signal ended it). */
  exited: Promise<number | null>
  /** SIGTERM, wait for the exit, start again on the same port, wait until it is ready. */
  restart(): Promise<void>
}

/**
 * Which path says "send me traffic": /api/ready, or /api/health on a server that has no /api/ready
 * yet (it answers 404). Decided by the first answer and shared by every process and the proxy.
 */
export class Readiness {
  path: '/api/ready' | '/api/health' | undefined

  async check(baseUrl: string, timeoutMs: number): Promise<boolean> {
    if (this.path === undefined) {
      const status = await statusOf(`${baseUrl}/api/ready`, timeoutMs)
      if (status === undefined) return false
      this.path = status === 404 ? '/api/health' : '/api/ready'
      if (this.path === '/api/ready') return status === 200
    }
    return (await statusOf(`${baseUrl}${this.path}`, timeoutMs)) === 200
  }
}

export interface AppProcessHooks {
  command: string
  cwd: string
  readiness: Readiness
  log(line: string): void
  /** False once the cluster is stopping: an exit then is expected and nothing is restarted. */
  isRunning(): boolean
}

/** How long a start may take: a fresh database migrates and gets the demo catalog with its pictures. */
const START_TIMEOUT_MS = 180_000
/** The server finishes open requests before it exits; past this it is killed. */
const STOP_GRACE_MS = 30_000
const READY_POLL_MS = 100
const LISTENING = /listening on http:\/\/localhost:(\d+)/

interface Run extends ChildRun {
  /** Stopped by the cluster (a restart or the end), not a crash. */
  expected: boolean
  listening: Promise<number>
}

export class AppProcess implements ClusterNode {
  readonly index: number
  readonly port: number
  readonly baseUrl: string
  readonly #env: NodeJS.ProcessEnv
  readonly #hooks: AppProcessHooks
  readonly #output = new OutputTail()
  readonly #stderr = new OutputTail(64 * 1024)
  #run: Run | undefined
  /** Crashes since it was last ready: each waits twice as long before the next start. */
  #crashesInARow = 0
  #respawnTimer: NodeJS.Timeout | undefined
  /** Until its first start succeeds, a failure is the start's error, not a crash to restart. */
  #wasReady = false

  constructor(index: number, port: number, env: NodeJS.ProcessEnv, hooks: AppProcessHooks) {
    this.index = index
    this.port = port
    this.baseUrl = `http://127.0.0.1:${port}`
    this.#env = { ...env, PORT: String(port) }
    this.#hooks = hooks
  }

  get pid(): number {
    return this.#run?.pid ?? 0
  }

  get exited(): Promise<number | null> {
    return this.#run ? this.#run.exited.then((status) => status.code) : Promise.resolve(null)
  }

  output(): string {
    return this.#output.text()
  }

  kill(signal: NodeJS.Signals) {
    this.#run?.child.kill(signal)
  }

  /** SIGKILL now, synchronously: for a cluster process that is exiting without a stop. */
  killNow() {
    if (this.#run) killGroup(this.#run, 'SIGKILL')
  }

  /** Starts a run and settles once it answers ready; rejects with its last lines when it dies first. */
  async start(): Promise<void> {
    clearTimeout(this.#respawnTimer)
    const run = this.#spawn()
    const died = run.exited.then((status): never => {
      const lines = this.lastLines(20).join('\n')
      throw new Error(`app process ${this.index} ${describeExit(status)} before it was ready:\n${lines}`)
    })
    let timer: NodeJS.Timeout | undefined
    const tooSlow = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        killGroup(run, 'SIGKILL') // a restart after a crash: its exit is reported and retried again
        reject(new Error(`app process ${this.index} was not ready after ${START_TIMEOUT_MS / 1000} s`))
      }, START_TIMEOUT_MS)
    })
    try {
      await Promise.race([this.#untilReady(run), died, tooSlow])
    } finally {
      clearTimeout(timer)
    }
    this.#crashesInARow = 0
    this.#wasReady = true
  }

  /** SIGTERM and wait for the exit, expected: nothing restarts it. */
  async stop(): Promise<ExitStatus | undefined> {
    clearTimeout(this.#respawnTimer)
    const run = this.#run
    if (!run) return undefined
    run.expected = true
    return terminate(run, 'SIGTERM', STOP_GRACE_MS)
  }

  async restart(): Promise<void> {
    await this.stop()
    await this.start()
  }

  lastLines(count: number): string[] {
    const stderr = this.#stderr.lastLines(count)
    return stderr.length > 0 ? stderr : this.#output.lastLines(count)
  }

  #spawn(): Run {
    const prefix = `[app ${this.index}] `
    const logLine = lineSplitter((line) => this.#hooks.log(prefix + line))
    let sawListening: (port: number) => void = () => {}
    const listening = new Promise<number>((resolve) => {
      sawListening = resolve
    })
    // The address line comes early: scan the first output for it, then stop looking.
    let head = ''
    let scanning = true
    const child = spawnChild(this.#hooks.command, ['server/index.ts'], {
      cwd: this.#hooks.cwd,
      env: this.#env,
      onStdout: (text) => {
        this.#output.append(text)
        logLine(text)
        if (!scanning) return
        head += text
        const match = LISTENING.exec(head)
        if (match) sawListening(Number(match[1]))
        scanning = !match && head.length < 1024 * 1024
      },
      onStderr: (text) => {
        this.#output.append(text)
        this.#stderr.append(text)
        logLine(text)
      },
    })
    const run: Run = { ...child, expected: false, listening }
    this.#run = run
    void run.exited.then((status) => this.#onExit(run, status))
    return run
  }

  /**
   * Polls its fixed port: the address line may sit in the logger's buffer for a while, so readiness
   * is what counts. The line, once printed, must name the port the process was given.
   */
  async #untilReady(run: Run): Promise<void> {
    let wrongPort: number | undefined
    void run.listening.then((port) => {
      if (port !== this.port) wrongPort = port
    })
    while (!run.hasExited()) {
      if (wrongPort !== undefined) {
        throw new Error(
          `app process ${this.index} listens on port ${wrongPort}, not on its port ${this.port}`,
        )
      }
      if (await this.#hooks.readiness.check(this.baseUrl, 2_000)) return
      await delay(READY_POLL_MS)
    }
    throw new Error(`app process ${this.index} exited before it was ready`)
  }

  /** A crash is reported with its last lines and the process started again, later each time in a row. */
  #onExit(run: Run, status: ExitStatus) {
    if (run.expected || run !== this.#run || !this.#wasReady || !this.#hooks.isRunning()) return
    const wait = this.#crashesInARow === 0 ? 0 : Math.min(1000 * 2 ** (this.#crashesInARow - 1), 30_000)
    this.#crashesInARow += 1
    const lines = this.lastLines(10)
      .map((line) => `  ${line}`)
      .join('\n')
    this.#hooks.log(
      `[cluster] app process ${this.index} (pid ${run.pid}) ${describeExit(status)} unexpectedly; starting it again${wait ? ` in ${wait / 1000} s` : ''}. Its last lines:\n${lines}`,
    )
    this.#respawnTimer = setTimeout(() => {
      if (!this.#hooks.isRunning() || this.#run !== run) return
      this.start().then(
        () => this.#hooks.log(`[cluster] app process ${this.index} is ready again (pid ${this.pid})`),
        () => {}, // its exit is reported (and retried) by #onExit
      )
    }, wait)
  }
}

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type DatabaseHandle, type Db, openDatabase } from '../../server/db/client.ts'
import { type Engine, openTestDatabase, type TestDatabase } from '../server/support/test-database.ts'
import { type ExitedServer, runServer, type StartedServer } from '../support/server-process.ts'

/** The operator the crash suite's server starts with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const CRASH_OPERATOR = { email: 'ops@crash.test', password: 'Crash.Ops26' } as const

/** How long a (re)start may take before the suite gives up on it. */
const START_TIMEOUT_MS = 60_000

/**
 * The real server (`node server/index.ts`) on one database that outlives it: PGlite in a data folder
 * of a temporary directory, or a fresh PostgreSQL database. `start()` runs a process on it, `kill()`
 * SIGKILLs that process, and `withDb` reads the database from this process (on PGlite only while no
 * server runs: PGlite is a single-process database, and its data folder is locked).
 */
export class CrashServer {
  readonly engine: Engine
  readonly scratch: string
  readonly outboxDir: string
  readonly #postgres: TestDatabase | undefined
  #run: { server: StartedServer; exited: Promise<ExitedServer> } | undefined
  /** The output of every run so far (the last part of each), for a failure's message. */
  readonly #outputs: string[] = []
  starts = 0

  private constructor(engine: Engine, scratch: string, postgres: TestDatabase | undefined) {
    this.engine = engine
    this.scratch = scratch
    this.outboxDir = join(scratch, 'outbox')
    this.#postgres = postgres
  }

  /** A fresh database, migrated; `prepare` writes what the run starts from before any server runs. */
  static async create(engine: Engine, prepare: (db: Db) => Promise<void>): Promise<CrashServer> {
    const scratch = mkdtempSync(join(tmpdir(), `yoyaku-crash-${engine}-`))
    const postgres = engine === 'postgres' ? await openTestDatabase('postgres') : undefined
    const server = new CrashServer(engine, scratch, postgres)
    await server.withDb(prepare)
    return server
  }

  get baseUrl(): string {
    if (!this.#run) throw new Error('the server is not running')
    return this.#run.server.baseUrl
  }

  get running(): boolean {
    return this.#run !== undefined
  }

  /** Starts a server process on the database and waits for its address line. */
  async start(): Promise<void> {
    if (this.#run) throw new Error('the server is running already')
    const run = runServer({
      HOST: '127.0.0.1',
      DATA_DIR: join(this.scratch, 'data'),
      DATABASE_URL: this.#postgres?.url ?? '',
      // No built client: the API is all this suite calls (a missing folder serves no files).
      STATIC_DIR: join(this.scratch, 'no-static'),
      MAIL_OUTBOX_DIR: this.outboxDir,
      ADMIN_EMAIL: CRASH_OPERATOR.email,
      ADMIN_PASSWORD: CRASH_OPERATOR.password,
      CHECK_ANSWERS: '1',
      PAYMENTS_SANDBOX: '1',
      // Each simulated shopper acts from its own client address (X-Forwarded-For), as behind a proxy.
      TRUST_PROXY: '1',
      LOG_REQUESTS: '0',
    })
    let timer: NodeJS.Timeout | undefined
    const tooSlow = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the server did not start in time')), START_TIMEOUT_MS)
    })
    try {
      const server = await Promise.race([run.started, tooSlow])
      this.#run = { server, exited: run.exited }
      this.starts += 1
    } catch (error) {
      // too slow: a process that prints its address after all is killed, not left running
      run.started.then((late) => late.child.kill('SIGKILL')).catch(() => {})
      void run.exited.then(({ stdout, stderr }) => this.#outputs.push((stdout + stderr).slice(-20_000)))
      throw error
    } finally {
      clearTimeout(timer)
    }
  }

  /** SIGKILL, as a crash or the kernel's OOM killer would: no drain, no close. Waits for the exit. */
  async kill(): Promise<void> {
    const run = this.#run
    if (!run) return
    this.#run = undefined
    run.server.child.kill('SIGKILL')
    const exited = await run.exited
    this.#outputs.push((exited.stdout + exited.stderr).slice(-20_000))
  }

  /** The server's output (every run), for a failure's message. */
  output(): string {
    return [...this.#outputs, this.#run?.server.output() ?? ''].join('\n--- restart ---\n')
  }

  /**
   * Reads the database from this process. PostgreSQL: through the suite's own pool, server running or
   * not. PGlite: the server must be stopped; the data folder is opened (recovering from the crash as
   * the next start would), read, and closed again.
   */
  async withDb<T>(use: (db: Db) => Promise<T>): Promise<T> {
    if (this.#postgres) return use(this.#postgres.db)
    if (this.#run) throw new Error('PGlite: stop the server before reading its data folder')
    const handle: DatabaseHandle = await openDatabase({ kind: 'pglite', dataDir: join(this.scratch, 'data') })
    try {
      return await use(handle.db)
    } finally {
      await handle.close()
    }
  }

  /** Kills a server still running, drops the PostgreSQL database and removes the scratch folder. */
  async close(): Promise<void> {
    await this.kill()
    await this.#postgres?.close()
    rmSync(this.scratch, { recursive: true, force: true })
  }
}

import { accessSync, constants } from 'node:fs'
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { delimiter, join } from 'node:path'
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

export type ProxyKind = 'caddy' | 'nginx'

/** Neither proxy is installed: the message says how to get one. */
export class NoProxyError extends Error {
  constructor(wanted: ProxyKind | undefined) {
    const what = wanted ?? 'Caddy or nginx'
    super(
      `npm run cluster needs ${what} as its reverse proxy and did not find it: install it with \`sudo apt-get install ${wanted ?? 'caddy'}\`${wanted ? '' : ' (or nginx)'} and run it again`,
    )
    this.name = 'NoProxyError'
  }
}

const WELL_KNOWN: Record<ProxyKind, string> = { caddy: '/usr/bin/caddy', nginx: '/usr/sbin/nginx' }

/** The system's Caddy (preferred) or nginx: its usual package path first, then PATH. */
export function findProxy(wanted?: ProxyKind): { kind: ProxyKind; binary: string } {
  const kinds: ProxyKind[] = wanted ? [wanted] : ['caddy', 'nginx']
  const pathDirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean)
  for (const kind of kinds) {
    const candidates = [WELL_KNOWN[kind], ...pathDirs.map((dir) => join(dir, kind))]
    const binary = candidates.find(isExecutable)
    if (binary) return { kind, binary }
  }
  throw new NoProxyError(wanted)
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

export interface ProxySettings {
  /** A private temporary folder: the configuration, nginx's temp files and pid, Caddy's storage. */
  dir: string
  port: number
  upstreamPorts: number[]
  /** What the active health checks ask (/api/ready, or /api/health on a server without it). */
  readyPath: string
}

/**
 * The proxy has to cover for a process that stops or dies:
 * - a connection it refuses or drops before answering is retried on another process (a refused
 *   connection always: nothing was sent);
 * - Caddy skips a failed process for 5 s (passive) and asks every process's readiness each second and skips one that is not ready: a draining
 *   process answers 503 there while it still serves for a moment, then closes its port. When no
 *   process is available it keeps retrying for 10 s rather than failing the request.
 * - nginx (open source) has no active checks, and reloading it to take a process out closes
 *   clients' idle keep-alive connections (autocannon counted an error per reload or two). Its
 *   passive check (max_fails) is off too: after a failure it lets a single request probe the
 *   process and counts it out until that answers, so when the other process died meanwhile nginx
 *   answered 502 "no live upstreams" (3 runs of 8). Without it, a request nginx sends to a stopped
 *   process is refused at once and passed to the next one: a connect attempt, no more;
 * - no keep-alive to the processes: a request sent on a reused connection that the process is
 *   closing could fail after it was sent, which a proxy cannot retry for a POST; a fresh connection
 *   fails at connect time, which it can.
 * Uploads reach 21 MB (the product import's 20 MB plus framing): the proxy lets 32 MB through and
 * the app answers its own limits. X-Forwarded-For is the client address as the proxy saw it (a
 * client's own header is not passed on: the app trusts the first address); X-Request-Id is passed
 * on, or made when the client sent none.
 */
export function caddyfile(settings: ProxySettings): string {
  const upstreams = settings.upstreamPorts.map((port) => `127.0.0.1:${port}`).join(' ')
  return `{
	admin off
	auto_https off
	grace_period 10s
	storage file_system ${join(settings.dir, 'caddy')}
	log {
		output stderr
		level WARN
		# Error lines carry the request's headers: the session token must not reach them.
		format filter {
			wrap json
			fields {
				request>headers>Token delete
			}
		}
	}
}

http://:${settings.port} {
	request_body {
		max_size 32MB
	}
	@noRequestId not header X-Request-Id *
	request_header @noRequestId X-Request-Id {http.request.uuid}
	reverse_proxy ${upstreams} {
		# Not round robin: Caddy 2.6 could pick a process that just died twice in a row for a POST and
		# answer 503 at once; the process with the fewest open requests skips it.
		lb_policy least_conn
		lb_try_duration 10s
		lb_try_interval 100ms
		fail_duration 5s
		max_fails 1
		health_uri ${settings.readyPath}
		health_interval 1s
		health_timeout 2s
		health_status 200
		transport http {
			keepalive off
		}
	}
}
`
}

/** nginx's counterpart of `caddyfile` (see there). */
export function nginxConf(settings: ProxySettings): string {
  const dir = settings.dir
  const servers = settings.upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join('\n')
  return `worker_processes auto;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;

events {
  worker_connections 1024;
}

http {
  access_log off;
  client_body_temp_path ${join(dir, 'nginx', 'client_body')};
  proxy_temp_path ${join(dir, 'nginx', 'proxy')};
  fastcgi_temp_path ${join(dir, 'nginx', 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'nginx', 'uwsgi')};
  scgi_temp_path ${join(dir, 'nginx', 'scgi')};
  client_max_body_size 32m;

  map $http_x_request_id $yoyaku_request_id {
    "" $request_id;
    default $http_x_request_id;
  }

  upstream yoyaku {
${servers}
  }

  server {
    listen ${settings.port};
    location / {
      proxy_pass http://yoyaku;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $yoyaku_request_id;
      proxy_next_upstream error timeout;
      proxy_next_upstream_timeout 10s;
      proxy_connect_timeout 2s;
    }
  }
}
`
}

export interface ProxyHooks {
  log(line: string): void
  /** False once the cluster is stopping: an exit then is expected and nothing is restarted. */
  isRunning(): boolean
}

const START_TIMEOUT_MS = 15_000
const STOP_GRACE_MS = 15_000

/** The proxy child: Caddy or nginx in the foreground, restarted when it dies on its own. */
export class ProxyProcess {
  readonly kind: ProxyKind
  readonly url: string
  readonly #binary: string
  readonly #settings: ProxySettings
  readonly #hooks: ProxyHooks
  readonly #output = new OutputTail(256 * 1024)
  #run: (ChildRun & { expected: boolean }) | undefined
  #crashesInARow = 0
  #respawnTimer: NodeJS.Timeout | undefined

  constructor(proxy: { kind: ProxyKind; binary: string }, settings: ProxySettings, hooks: ProxyHooks) {
    this.kind = proxy.kind
    this.#binary = proxy.binary
    this.#settings = settings
    this.#hooks = hooks
    this.url = `http://127.0.0.1:${settings.port}`
  }

  get configFile(): string {
    return join(this.#settings.dir, this.kind === 'caddy' ? 'Caddyfile' : 'nginx.conf')
  }

  output(): string {
    return this.#output.text()
  }

  /** Writes the configuration, starts the proxy and settles once it passes a request through. */
  async start(): Promise<void> {
    clearTimeout(this.#respawnTimer)
    await this.#writeConfig()
    const logLine = lineSplitter((line) => this.#hooks.log(`[${this.kind}] ${line}`))
    const onOutput = (text: string) => {
      this.#output.append(text)
      logLine(text)
    }
    const args =
      this.kind === 'caddy'
        ? ['run', '--config', this.configFile, '--adapter', 'caddyfile']
        : ['-p', this.#settings.dir, '-c', this.configFile, '-e', 'stderr', '-g', 'daemon off;']
    const child = spawnChild(this.#binary, args, {
      // Caddy keeps its data and autosaved config under XDG folders: keep them in the temp folder.
      env: {
        ...process.env,
        XDG_DATA_HOME: join(this.#settings.dir, 'caddy'),
        XDG_CONFIG_HOME: join(this.#settings.dir, 'caddy'),
      },
      onStdout: onOutput,
      onStderr: onOutput,
    })
    const run = { ...child, expected: false }
    this.#run = run
    void run.exited.then((status) => this.#onExit(run, status))

    const deadline = Date.now() + START_TIMEOUT_MS
    while (Date.now() < deadline) {
      if (run.hasExited()) {
        throw new Error(
          `${this.kind} ${describeExit(await run.exited)}:\n${this.#output.lastLines(20).join('\n')}`,
        )
      }
      if ((await statusOf(`${this.url}/api/health`, 1_000)) === 200) {
        this.#crashesInARow = 0
        return
      }
      await delay(100)
    }
    throw new Error(`${this.kind} did not pass a request through within ${START_TIMEOUT_MS / 1000} s`)
  }

  /** Caddy stops gracefully on SIGTERM, nginx on SIGQUIT (its SIGTERM drops open requests). */
  async stop(): Promise<void> {
    clearTimeout(this.#respawnTimer)
    const run = this.#run
    if (!run) return
    run.expected = true
    await terminate(run, this.kind === 'caddy' ? 'SIGTERM' : 'SIGQUIT', STOP_GRACE_MS)
  }

  /** SIGKILL now, synchronously (workers included): for a cluster process exiting without a stop. */
  killNow() {
    if (this.#run) killGroup(this.#run, 'SIGKILL')
  }

  async #writeConfig() {
    const text = this.kind === 'caddy' ? caddyfile(this.#settings) : nginxConf(this.#settings)
    await mkdir(join(this.#settings.dir, this.kind), { recursive: true })
    // nginx started as root runs its workers as nobody, who must reach the temp folders inside.
    await chmod(this.#settings.dir, 0o755)
    await writeFile(this.configFile, text)
  }

  #onExit(run: ChildRun & { expected: boolean }, status: ExitStatus) {
    if (run.expected || run !== this.#run || !this.#hooks.isRunning()) return
    const wait = Math.min(1000 * 2 ** this.#crashesInARow, 30_000)
    this.#crashesInARow += 1
    const lines = this.#output
      .lastLines(10)
      .map((line) => `  ${line}`)
      .join('\n')
    this.#hooks.log(
      `[cluster] ${this.kind} (pid ${run.pid}) ${describeExit(status)} unexpectedly; starting it again in ${wait / 1000} s. Its last lines:\n${lines}`,
    )
    this.#respawnTimer = setTimeout(() => {
      if (!this.#hooks.isRunning() || this.#run !== run) return
      this.start().then(
        () => this.#hooks.log(`[cluster] ${this.kind} is back (pid ${this.#run?.pid})`),
        () => {}, // its exit is reported (and retried) by #onExit
      )
    }, wait)
  }
}

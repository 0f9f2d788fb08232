import { AsyncLocalStorage } from 'node:async_hooks'
import pino, { type Logger } from 'pino'
import type { LogLevel } from '../env.ts'

/**
 * The process's one logger (deploy §2): pino, one JSON object a line on stdout. Every module logs
 * through `log`; the server configures it once at start from LOG_LEVEL and LOG_FORMAT. Before that
 * (tests, commands) it writes JSON at LOG_LEVEL, default `info`.
 *
 * Lines are written asynchronously in batches (sonic-boom): a write per request line costs a catalog
 * call about a tenth of its throughput. Batches go out when 4 KB have gathered or every 200 ms;
 * `flushLog` before a deliberate exit, and pino flushes synchronously on a crash.
 */
export type { Logger }

/**
 * Fields that never reach a log line, wherever they appear in a logged object (one level deep and in
 * request bodies or headers someone logs by mistake): secrets and personal data (deploy §2).
 */
const REDACTED_PATHS = [
  'password',
  'newPassword',
  'oldPassword',
  'token',
  'code',
  'card',
  'address',
  'authorization',
  'cookie',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.token',
  '*.code',
  '*.card',
  '*.address',
  '*.authorization',
  '*.cookie',
  '*.secret',
  '*.secretKey',
]

/** The request a line is logged for: every line logged while a request runs carries its `reqId`. */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>()

/** Lines are written in batches of this many bytes under load (one write for ~15 request lines)… */
const BATCH_BYTES = 4096
/** …and at least this often when traffic is light. */
const FLUSH_EVERY_MS = 200

export interface LogSettings {
  level: LogLevel
  format: 'json' | 'pretty'
  /** Where lines go instead of stdout (tests read them back). */
  destination?: pino.DestinationStream
}

function createLogger(settings: LogSettings): Logger {
  const options: pino.LoggerOptions = {
    level: settings.level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: () => requestContext.getStore() ?? {},
  }
  if (settings.destination) return pino(options, settings.destination)
  if (settings.format === 'pretty') {
    try {
      return pino(options, pino.transport({ target: 'pino-pretty', options: { colorize: true } }))
    } catch {
      // pino-pretty is a development tool: a production install has none, so it logs JSON.
    }
  }
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES })
  // A quiet server's lines still go out within a fraction of a second.
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref()
  return pino(options, destination)
}

const initialLevel = (process.env.LOG_LEVEL ?? 'info') as LogLevel

export let log: Logger = createLogger({ level: initialLevel, format: 'json' })

/**
 * The request log's own logger: the same destination and settings without redaction, since its
 * lines are made of fields it chose (never a body, header or query). Redaction costs a catalog call a
 * few per cent of its throughput.
 */
export let requestLogger: Logger = log.child({}, { redact: [] })

/** Replaces the process's logger (server start-up). */
export function configureLogging(settings: LogSettings): Logger {
  log.flush()
  log = createLogger(settings)
  requestLogger = log.child({}, { redact: [] })
  return log
}

/** Writes out what is buffered; resolves when it is written (before a deliberate exit). */
export function flushLog(): Promise<void> {
  return new Promise((resolve) => log.flush(() => resolve()))
}

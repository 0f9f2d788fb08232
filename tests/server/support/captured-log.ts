import { configureLogging } from '../../../server/observability/log.ts'

export interface LogLine {
  level: string
  msg: string
  err?: { type?: string; message?: string }
  [field: string]: unknown
}

/**
 * Sends the server's log lines (server/observability/log.ts) to memory until `restore`, so a test
 * reads what an operator would: each line is parsed, as the JSON it must be.
 */
export function captureLog(): { lines(): LogLine[]; restore(): void } {
  const raw: string[] = []
  configureLogging({
    level: 'info',
    format: 'json',
    destination: { write: (chunk: string) => void raw.push(...chunk.split('\n').filter(Boolean)) },
  })
  return {
    lines: () => raw.map((line) => JSON.parse(line) as LogLine),
    restore: () => configureLogging({ level: 'silent', format: 'json' }),
  }
}

/**
 * One deadline sweep in a process of its own, for the test of two sweeps at once on PostgreSQL:
 * `node tests/server/support/sweep-process.ts <database url> <now, ISO> <start at, epoch ms>`. Opens the
 * database, waits for the start time (so two processes begin together), sweeps and prints the result
 * as JSON on stdout.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase } from '../../../server/db/client.ts'
import { sweepDeadlines } from '../../../server/services/deadlines/deadline-sweep.ts'

const [url, nowIso, startAt] = process.argv.slice(2)
if (!url || !nowIso || !startAt) throw new Error('usage: sweep-process.ts <database url> <now> <start at>')
const database = await openDatabase({ kind: 'postgres', url })
try {
  await sleep(Math.max(Number(startAt) - Date.now(), 0))
  const result = await sweepDeadlines(database.db, new Date(nowIso))
  process.stdout.write(`${JSON.stringify(result)}\n`)
} finally {
  await database.close()
}

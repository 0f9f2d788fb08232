/**
 * The throughput bench's yardstick: a bare Hono JSON route, no database and no middleware, answering
 * the JSON in BARE_JSON_BODY_FILE (serialised on every request, as any JSON route does). Started like
 * the server (`node <file>`, same node, no flags) and prints its address the same way.
 */
import { readFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const bodyFile = process.env.BARE_JSON_BODY_FILE
if (!bodyFile) throw new Error('BARE_JSON_BODY_FILE is not set')
const body: unknown = JSON.parse(readFileSync(bodyFile, 'utf8'))

// Every path answers it, so the bench needs no path shared with this file.
const app = new Hono().get('*', (c) => c.json(body))

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`bare JSON route listening on http://localhost:${info.port}`)
})

/**
 * The throughput bench's yardstick: a bare node:http server, no framework, no database, answering the
 * bytes in BARE_JSON_BODY_FILE (the visitor hot list's answer) as JSON. Started like the server (`node
 * <file>`, same node, no flags) and prints its address the same way. Nothing answers JSON faster on
 * this machine, so a call's share of it is what the framework, the cache and the log cost.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const bodyFile = process.env.BARE_JSON_BODY_FILE
if (!bodyFile) throw new Error('BARE_JSON_BODY_FILE is not set')
const body = readFileSync(bodyFile)

// Every path answers it, so the bench needs no path shared with this file.
const server = createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.byteLength })
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  console.log(`bare node:http server listening on http://localhost:${port}`)
})

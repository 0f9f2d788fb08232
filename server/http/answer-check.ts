import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { createMiddleware } from 'hono/factory'
import { routePath } from 'hono/route'
import * as v from 'valibot'
import { ResultCode } from '../../src/domain/result-code.ts'
import { type AnswerSchema, isNotJson } from '../answers/shape.ts'
import type { AppEnv } from '../app-env.ts'
import type { RouteContract } from '../routes/contract.ts'
import { fail } from './envelope.ts'

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
}

/** The answer's text, decoded when the handler compressed it itself (answerCatalog sends br or gzip). */
async function bodyTextOf(res: Response): Promise<string> {
  const body = Buffer.from(await res.clone().arrayBuffer())
  const decode = DECODERS[res.headers.get('content-encoding')?.trim().toLowerCase() ?? '']
  return (decode ? decode(body) : body).toString('utf8')
}

/**
 * Tests only (`AppDeps.checkAnswers`): every successful JSON answer is parsed with its call's published
 * schema, and one that does not match becomes a 500 naming the call, the field and why, so the whole
 * server suite keeps /api/openapi.json true to what the handlers send.
 */
export function answerCheck(contracts: readonly RouteContract[]) {
  const schemas = new Map<string, AnswerSchema>()
  for (const contract of contracts) {
    if (isNotJson(contract.returns)) continue
    schemas.set(`${contract.method.toUpperCase()} /api${contract.path}`, contract.returns)
  }
  return createMiddleware<AppEnv>(async (c, next) => {
    await next()
    // After next(), routePath names the route whose handler answered (as in the request log).
    const route = routePath(c)
    const schema = schemas.get(`${c.req.method} ${route}`)
    if (
      !schema ||
      (c.res.status !== 200 && c.res.status !== 201) ||
      !c.res.headers.get('content-type')?.includes('application/json')
    )
      return
    const envelope = JSON.parse(await bodyTextOf(c.res)) as { code?: number; data?: unknown }
    if (envelope.code !== ResultCode.ok) return
    const parsed = v.safeParse(schema, envelope.data)
    if (parsed.success) return
    const issues = parsed.issues
      .slice(0, 5)
      .map((issue) => `${v.getDotPath(issue) ?? '(data)'}: ${issue.message}`)
      .join('; ')
    c.res = undefined
    c.res = fail(c, ResultCode.internal, `answer of ${c.req.method} ${route} breaks its schema: ${issues}`)
  })
}

import type { Db } from './db/client.ts'

/** What every request handler can reach through `c.var`. */
export interface AppDeps {
  db: Db
  /** Directory of the built PWA (index.html, assets, sw.js). */
  staticDir: string
  /** Directory of uploaded and generated images, served under /media. */
  mediaDir: string
  /** Print one line per request. Off in tests. */
  logRequests: boolean
}

export interface AppEnv {
  Variables: { deps: AppDeps }
}

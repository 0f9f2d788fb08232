import { setupServer } from 'msw/node'
import { defaultHandlers } from './default-handlers.ts'

/** One msw server for the web project; each test installs its handlers with server.use(). */
export const server = setupServer(...defaultHandlers)

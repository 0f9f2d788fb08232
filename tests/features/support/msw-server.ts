import { setupServer } from 'msw/node'

/** One msw server for the web project; each test installs its handlers with server.use(). */
export const server = setupServer()

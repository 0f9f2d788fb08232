import { apiPost } from '../../../lib/api-client.ts'

/** POST /mall/user/exit: ends this session on the server. Quiet: signing out goes on regardless. */
export const logOut = () => apiPost<null>('/mall/user/exit', undefined, { systemNotify: false })

import type { DeadlineSweepResult } from '../../../domain/arrival.ts'
import { apiPost } from '../../../lib/api-client.ts'

/** POST /api/ops/jobs/deadlines/run: the hourly deadline sweep, now; what it did. */
export const runDeadlineSweep = () =>
  apiPost<DeadlineSweepResult>('/ops/jobs/deadlines/run', undefined, { systemNotify: false })

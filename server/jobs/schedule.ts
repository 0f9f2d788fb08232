/**
 * Runs a job now and then every `everyMs`; a run still going when the next is due is not doubled.
 * Every process runs every job: the job's own advisory lock makes one of them do the work each time.
 * Returns a stop function that also waits for a run under way (so shutdown does not cut one short).
 */
export function scheduleJob(run: () => Promise<unknown>, everyMs: number): () => Promise<void> {
  let running: Promise<unknown> | undefined
  const tick = () => {
    if (running) return
    running = run().finally(() => {
      running = undefined
    })
  }
  tick()
  const timer = setInterval(tick, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running?.catch(() => undefined)
  }
}

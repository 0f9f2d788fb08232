import { eq, sql } from 'drizzle-orm'
import type { PayLatchDto } from '../../../src/domain/payments.ts'
import type { Db } from '../../db/client.ts'
import { payLatch } from '../../db/schema.ts'

/** Payments are open unless an operator closed them; a missing row (never written) reads as open. */
export async function readPayLatch(db: Db): Promise<PayLatchDto> {
  const [row] = await db
    .select({ open: payLatch.open, message: payLatch.message })
    .from(payLatch)
    .where(eq(payLatch.id, 1))
  return row ? { open: row.open, message: row.message } : { open: true, message: null }
}

/**
 * Opens or closes payments (the operator's switch), in the caller's transaction so the audit row
 * commits with it. Answers the latch as it now stands. `at` is the caller's clock (`deps.now()`); left
 * out, the database's.
 */
export async function writePayLatch(
  tx: Db,
  latch: { open: boolean; message?: string | null },
  at?: Date,
): Promise<PayLatchDto> {
  const values = { open: latch.open, message: latch.message ?? null, updatedAt: at ?? sql`now()` }
  await tx
    .insert(payLatch)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: payLatch.id, set: values })
  return { open: values.open, message: values.message }
}

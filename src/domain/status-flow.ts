import type { LocalizedText } from './localized.ts'
import type { Tone } from './tone.ts'

/** A code's label and colour. */
export interface CodeInfo {
  readonly label: LocalizedText
  readonly tone: Tone
}

/**
 * The allowed changes of one status field. The spec shows only the code tables (§4); the edges are
 * ours, each with its reason in the status file and in src/domain/README.md. The server refuses
 * every change not listed here.
 */
export interface StatusFlow<S extends number> {
  /** Where a new record starts. */
  readonly initial: S
  /** For each status, the statuses it may change to. A status with none is terminal. */
  readonly next: Readonly<Record<S, readonly S[]>>
}

export function canTransition<S extends number>(flow: StatusFlow<S>, from: S, to: S): boolean {
  return flow.next[from]?.includes(to) ?? false
}

export function isTerminal<S extends number>(flow: StatusFlow<S>, status: S): boolean {
  return (flow.next[status]?.length ?? 0) === 0
}

export function statusesOf<S extends number>(flow: StatusFlow<S>): S[] {
  return Object.keys(flow.next).map(Number) as S[]
}

import { setImmediate as nextTurn } from 'node:timers/promises'

// Whole-folder work (a walk of 100,000 files, rehashing what changed) must not hold the main
// process's event loop: a pacer hands it back between small slices of work.

/** Work for at most this long before letting other tasks run (well under the 50 ms budget). */
export const SLICE_MS = 8

export type Pace = () => Promise<void>

/** Returns `pace()`: await it between units of work; it yields once a slice is used up. */
export function pacer(sliceMs = SLICE_MS): Pace {
  let start = performance.now()
  return async () => {
    if (performance.now() - start < sliceMs) return
    await nextTurn()
    start = performance.now()
  }
}

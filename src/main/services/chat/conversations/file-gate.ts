/*
 * Lets only so many file reads run at once, so loading thousands of conversations never runs
 * the process out of file descriptors. When it does run out anyway (other parts of the app hold
 * descriptors too), the read is not a failure of that file: the gate lets fewer run at once and
 * tries again after a short pause, as graceful-fs does.
 */

/** open(2)'s answers when the process or the system has no descriptor to spare. */
const OUT_OF_DESCRIPTORS = new Set(['EMFILE', 'ENFILE', 'EAGAIN'])

export function isOutOfDescriptors(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return typeof code === 'string' && OUT_OF_DESCRIPTORS.has(code)
}

export interface FileGateOptions {
  /** Reads at once, at most. */
  limit: number
  /** Tries per read while descriptors run out; then its last error is thrown. */
  attempts?: number
  wait?: (ms: number) => Promise<void>
}

export interface FileGate {
  run<T>(read: () => Promise<T>): Promise<T>
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function createFileGate({ limit, attempts = 10, wait = sleep }: FileGateOptions): FileGate {
  let cap = Math.max(1, limit)
  let active = 0
  // First come, first served: a read that retries cannot be starved by new ones.
  const queue: Array<() => void> = []

  const acquire = (): Promise<void> => {
    if (active < cap && queue.length === 0) {
      active += 1
      return Promise.resolve()
    }
    return new Promise((resolve) => queue.push(resolve))
  }
  const release = (): void => {
    active -= 1
    while (active < cap && queue.length > 0) {
      active += 1
      queue.shift()?.()
    }
  }

  return {
    async run(read) {
      for (let attempt = 1; ; attempt += 1) {
        await acquire()
        try {
          return await read()
        } catch (error) {
          if (!isOutOfDescriptors(error) || attempt >= attempts) throw error
          // The reads still open hold what the process can spare: allow no more than those.
          cap = Math.max(1, Math.min(cap, active - 1))
        } finally {
          release()
        }
        await wait(Math.min(1000, 10 * 2 ** (attempt - 1)))
      }
    }
  }
}

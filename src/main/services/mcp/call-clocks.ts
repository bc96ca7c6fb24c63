/*
 * The clocks of one connection's running calls. A call times out after `timeoutMs` without an
 * answer or a sign of progress; while the server waits on the user (a question it asked, which
 * takes as long as the person filling the form), no clock of that connection runs, and each
 * starts over once the last question is answered. The server does not say which call a question
 * belongs to, so every call of the connection waits with it.
 */

export interface CallClock {
  /** A sign of life (progress): the call's time starts over. */
  restart(): void
  stop(): void
}

export function createCallClocks() {
  const running = new Set<CallClock>()
  let held = 0
  return {
    start(timeoutMs: number, onTimeout: () => void): CallClock {
      let timer: NodeJS.Timeout | undefined
      const clock: CallClock = {
        restart() {
          clearTimeout(timer)
          timer = held > 0 ? undefined : setTimeout(onTimeout, timeoutMs)
        },
        stop() {
          clearTimeout(timer)
          running.delete(clock)
        }
      }
      running.add(clock)
      clock.restart()
      return clock
    },
    /** A question waits on the user until the returned function is called. */
    hold(): () => void {
      held++
      for (const clock of running) clock.restart()
      let released = false
      return () => {
        if (released) return
        released = true
        held--
        if (held === 0) for (const clock of running) clock.restart()
      }
    }
  }
}

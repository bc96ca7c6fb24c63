import type { Page } from '@playwright/test'

/*
 * The main thread's longest tasks of any length, from a Chromium trace. The page's `longtask`
 * entries only see tasks over 50 ms, so a task just under the target reads 0 there.
 * Opt-in (PERF_TRACE=1): tracing costs a little time of its own.
 */

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  /** The thread's CPU time in the task: less than `dur` when the OS ran something else. */
  tdur?: number
  args?: { data?: { message?: string } }
}

const MARK = 'cairn-task-trace-start'

export async function startTaskTrace(page: Page): Promise<() => Promise<string>> {
  const browser = page.context().browser()
  if (!browser) throw new Error('task traces need a browser (the browser harness)')
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] })
  // Names the page's main thread in the trace, and where the measured part begins.
  await page.evaluate((mark) => console.timeStamp(mark), MARK)
  return async () => {
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[]
    }
    const mark = traceEvents.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === MARK)
    if (!mark) return 'no trace of the page'
    const tasks = traceEvents
      .filter(
        (e) =>
          e.pid === mark.pid &&
          e.tid === mark.tid &&
          e.ph === 'X' &&
          e.name === 'ThreadControllerImpl::RunTask' &&
          e.ts >= mark.ts
      )
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    const ms = (us: number) => Math.round(us / 100) / 10
    const cpu = Math.max(0, ...tasks.map((t) => t.tdur ?? 0))
    const longest = tasks
      .slice(0, 3)
      .map(
        (t) =>
          `${ms(t.dur ?? 0)} ms (CPU ${ms(t.tdur ?? 0)} ms) at +${Math.round((t.ts - mark.ts) / 1000)} ms`
      )
      .join(', ')
    return `${longest}; most CPU in one task ${ms(cpu)} ms`
  }
}

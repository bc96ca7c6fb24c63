import type { MemoryChange } from '@shared/memory/memory'
import type { Approval, ApprovalQuestion, AskApproval, Preview } from '../service'
import type { Engine } from './engine'

// A plan that waits for the user is kept current: when a path it names (or a folder above or
// below it) changes on disk, whoever made the change, it is planned again and the asker told.
// Without this the card showed the plan made when it appeared, and the precondition caught the
// change only at Approve: a second card, or an error where the file had gone.

/**
 * Asks about `first` and keeps the question current until it is answered. `replan` makes a new
 * dry run in the queue; changes that arrive while one runs fold into one more.
 */
export async function askKeepingPlanCurrent(
  e: Engine,
  ask: AskApproval,
  first: Preview,
  changed: boolean,
  paths: readonly string[],
  replan: () => Promise<Preview>
): Promise<Approval> {
  const listeners: Array<(plan: Preview) => void> = []
  let current = first
  let running = false
  let again = false
  let answered = false
  const refresh = async (): Promise<void> => {
    if (running) {
      again = true
      return
    }
    running = true
    try {
      do {
        again = false
        const next = await replan()
        if (answered || samePlan(current, next)) continue
        current = next
        for (const listener of listeners) listener(next)
      } while (again && !answered)
    } catch (error) {
      e.warn('planning a waiting change again failed', error)
    } finally {
      running = false
    }
  }
  const off = e.listeners.on((change) => {
    if (!answered && touches(change, paths)) void refresh()
  })
  const question: ApprovalQuestion = {
    plan: first,
    changed,
    onReplan: (listener) => void listeners.push(listener)
  }
  try {
    return await ask(question)
  } finally {
    answered = true
    off()
  }
}

/** Whether a change names one of the paths, a folder above one, or something inside one. */
function touches(change: MemoryChange, paths: readonly string[]): boolean {
  // No paths: a rescan or a problem that may have moved anything.
  if (change.paths.length === 0) return !change.problem
  return change.paths.some((changed) =>
    paths.some(
      (path) => changed === path || path.startsWith(`${changed}/`) || changed.startsWith(`${path}/`)
    )
  )
}

function samePlan(a: Preview, b: Preview): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

import type { z } from 'zod'
import type { ExpiryPolicySchema } from './app/settings'

type ExpiryPolicy = z.infer<typeof ExpiryPolicySchema>

// Counts and expiry policies in plain English, one wording for the engine and the inspector.

const EN_US = new Intl.NumberFormat('en-US')

/** 1 → "1 day", 3 → "3 days", 1000 → "1,000 files"; `many` for irregular nouns ("entries"). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${EN_US.format(count)} ${count === 1 ? one : many}`
}

export type ExpiryClock = 'idle' | 'age' | 'front-matter'

/** Which clock a reason runs on: "not read or changed for 30 days", "created 30 days ago". */
export function clockPhrase(reason: ExpiryClock, days: number): string {
  if (reason === 'idle') return `not read or changed for ${plural(days, 'day')}`
  if (reason === 'age') return `created ${plural(days, 'day')} ago`
  return 'its own expires: date'
}

/** The whole policy as one sentence, e.g. "Expire after 90 days without use, then move to the archive." */
export function policySentence(policy: Pick<ExpiryPolicy, 'mode' | 'days' | 'action'>): string {
  if (policy.mode === 'off')
    return 'Files never expire by age or use; only their own expires: dates apply.'
  // Not "for good": history keeps what an expiry deleted, and Activity offers Restore.
  const then = policy.action === 'archive' ? 'then move to the archive' : 'then delete'
  const when =
    policy.mode === 'idle'
      ? `after ${plural(policy.days, 'day')} without use (not read or changed)`
      : `${plural(policy.days, 'day')} after creation`
  return `Expire ${when}, ${then}.`
}

/** "in 1 day", "in 3 days", "now" (0 means at the next sweep). */
export function inDays(days: number): string {
  return days <= 0 ? 'now' : `in ${plural(days, 'day')}`
}

import type { ConversationSummary } from '@shared/chat/chat'
import type { Project } from '@shared/projects/projects'

export interface ConversationGroup {
  label: string
  items: ConversationSummary[]
}

const DAY = 24 * 60 * 60 * 1000

/** Midnight (local time) of the day `date` falls on. */
function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime()
}

/** The group a conversation last active at `at` belongs to, seen from `now` (local calendar). */
export function dateGroupOf(at: Date, now: Date): string {
  const days = Math.round((startOfDay(now) - startOfDay(at)) / DAY)
  if (days <= 0) return 'Today'
  if (days === 1) return 'Yesterday'
  if (days <= 7) return 'Previous 7 days'
  if (days <= 30) return 'Previous 30 days'
  if (at.getFullYear() === now.getFullYear()) return at.toLocaleString('en', { month: 'long' })
  return String(at.getFullYear())
}

/**
 * The sidebar's sections: pinned first, then by when each was last active (Today, Yesterday,
 * Previous 7 days, Previous 30 days, earlier months of this year, then years). The list arrives
 * pinned-first and newest-first from main, so each group keeps that order.
 */
export function groupConversations(
  list: readonly ConversationSummary[],
  now: Date
): ConversationGroup[] {
  const groups: ConversationGroup[] = []
  for (const item of list) {
    const when = new Date(item.updatedAt)
    const label = item.pinned
      ? 'Pinned'
      : Number.isNaN(when.getTime())
        ? 'Older'
        : dateGroupOf(when, now)
    const last = groups.at(-1)
    if (last?.label === label) last.items.push(item)
    else {
      const same = groups.find((g) => g.label === label)
      if (same) same.items.push(item)
      else groups.push({ label, items: [item] })
    }
  }
  return groups
}

/** One project's chats in the sidebar, or (project null) the chats in "No project". */
export interface ProjectSection {
  project: Project | null
  /** In the list's own order (pinned first, newest first). */
  items: ConversationSummary[]
}

/**
 * The sidebar's project sections: each project (in main's order, empty ones too, so a new project
 * shows at once), then "No project" with every other chat. A chat naming a project that is not
 * listed (deleted in another window) shows in "No project" rather than nowhere.
 */
export function sectionsByProject(
  list: readonly ConversationSummary[],
  projects: readonly Project[]
): ProjectSection[] {
  const sections = projects.map((project): ProjectSection => ({ project, items: [] }))
  const rest: ProjectSection = { project: null, items: [] }
  for (const item of list) {
    const section = item.space ? sections.find((s) => s.project?.id === item.space) : undefined
    ;(section ?? rest).items.push(item)
  }
  return [...sections, rest]
}

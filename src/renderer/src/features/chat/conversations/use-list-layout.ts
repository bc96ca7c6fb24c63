import type { ConversationSummary } from '@shared/chat/chat'
import type { Project } from '@shared/projects/projects'
import { useNow } from '../../../lib/hooks/use-now'
import { useCollapsedProjects } from '../../projects/use-collapsed-projects'
import { groupConversations, sectionsByProject } from './conversation-groups'

/** "No project"'s key among the collapsed groups (no project id can be empty). */
export const NO_PROJECT = ''

export type ListLayout = ReturnType<typeof useListLayout>

/**
 * How the list is laid out: search hits flat, else by project (when there are projects) with
 * "No project" by date, else by date; `shown` is the rows on screen in order (what the arrow keys
 * walk: a closed group's rows are not).
 */
export function useListLayout(
  conversations: readonly ConversationSummary[] | null,
  query: string,
  projects: readonly Project[]
) {
  const now = useNow(60_000)
  const searching = query.trim() !== ''
  const byDate = (items: readonly ConversationSummary[]) => groupConversations(items, new Date(now))
  const grouped = !searching && projects.length > 0
  const { collapsed, toggle } = useCollapsedProjects()
  const sections = grouped ? sectionsByProject(conversations ?? [], projects) : []
  const isOpen = (project: Project | null) => !collapsed.has(project?.id ?? NO_PROJECT)
  const groups = searching || grouped ? [] : byDate(conversations ?? [])
  const shown = searching
    ? (conversations ?? [])
    : grouped
      ? sections
          .filter((s) => isOpen(s.project))
          .flatMap((s) => (s.project ? s.items : byDate(s.items).flatMap((g) => g.items)))
      : groups.flatMap((group) => group.items)
  return { searching, grouped, sections, groups, shown, byDate, isOpen, toggle }
}

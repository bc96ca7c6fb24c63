import type { ReactNode } from 'react'
import type { ConversationSummary } from '@shared/chat/chat'
import type { ConversationGroup } from './conversation-groups'
import { ProjectGroup } from './project-group'
import { NO_PROJECT, type ListLayout } from './use-list-layout'

type Row = (c: ConversationSummary) => ReactNode

interface Props {
  layout: ListLayout
  conversations: readonly ConversationSummary[] | null
  /** A damaged chat is listed above: the empty list does not say there are none. */
  hasDamaged?: boolean
  row: Row
  onNewInProject?(projectId: string): void
  onProjectSettings?(projectId: string): void
}

/** Date sections (Pinned, Today, …); inside "No project" their headings sit one level down. */
function DateSections(props: { groups: ConversationGroup[]; heading: 'h2' | 'h3'; row: Row }) {
  const Heading = props.heading
  return props.groups.map((group) => (
    <li key={group.label} aria-labelledby={`group-${group.label}`}>
      <Heading id={`group-${group.label}`} className="conversation-group">
        {group.label}
      </Heading>
      <ul>{group.items.map((c) => props.row(c))}</ul>
    </li>
  ))
}

/** The list's items as laid out: search hits flat, chats by project, or by date. */
export function ListRows({ layout, conversations, hasDamaged, row, ...projectActions }: Props) {
  const { searching, grouped, byDate } = layout
  return (
    <>
      {conversations?.length === 0 && !grouped ? (
        <li className="px-3 py-4 text-center text-sm text-muted">
          {searching
            ? 'No conversation matches.'
            : hasDamaged
              ? 'No other conversations.'
              : 'No conversations yet.'}
        </li>
      ) : null}
      {searching ? (
        conversations?.map((c) => row(c))
      ) : grouped ? (
        layout.sections.map(({ project, items }) => (
          <ProjectGroup
            key={project?.id ?? NO_PROJECT}
            project={project}
            count={items.length}
            open={layout.isOpen(project)}
            onToggle={() => layout.toggle(project?.id ?? NO_PROJECT)}
            onNewChat={project ? () => projectActions.onNewInProject?.(project.id) : undefined}
            onSettings={project ? () => projectActions.onProjectSettings?.(project.id) : undefined}
          >
            {project ? (
              items.map((c) => row(c))
            ) : (
              <DateSections groups={byDate(items)} heading="h3" row={row} />
            )}
          </ProjectGroup>
        ))
      ) : (
        <DateSections groups={layout.groups} heading="h2" row={row} />
      )}
    </>
  )
}

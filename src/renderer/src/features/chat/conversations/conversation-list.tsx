import { useState, type ReactNode } from 'react'
import { conversationLink } from '@shared/app/app-links'
import type { ConversationSummary } from '@shared/chat/chat'
import type { Project } from '@shared/projects/projects'
import { copyText } from '../../../lib/clipboard'
import { toShownError } from '../../../lib/errors'
import { useNow } from '../../../lib/hooks/use-now'
import { useCollapsedProjects } from '../../projects/use-collapsed-projects'
import {
  groupConversations,
  sectionsByProject,
  type ConversationGroup
} from './conversation-groups'
import { ConversationRow, conversationName as name } from './conversation-row'
import { ConversationDialogs } from './conversation-dialogs'
import { ListActions } from './list-actions'
import { ProjectGroup } from './project-group'
import { useListKeys } from './use-list-keys'

interface Props {
  conversations: ConversationSummary[] | null
  selected: string | null
  query: string
  onQuery(query: string): void
  /** `messageId`: a search hit's message, to scroll to. */
  onSelect(id: string, messageId?: string | null): void
  onNew(): void
  onNewWithoutMemory?(): void
  /** The welcome card is showing: its Save key is the one primary action, not New chat. */
  quietNew?: boolean
  onRename(id: string, title: string): void
  onDelete(id: string): void
  onPin(id: string, pinned: boolean): void
  onExport(id: string): void
  /** Conversations where Claude waits for the user's approval (how many changes each). */
  waiting?: ReadonlyMap<string, number>
  /** Chats whose files could not be read (DamagedNotice), shown above the list. */
  damagedNotice?: ReactNode
  /** A damaged chat is listed above: the empty list does not say there are none. */
  hasDamaged?: boolean
  /** What the last delete did, with its Undo (DeletedNotice), below the list. */
  deletedNotice?: ReactNode
  /** The projects the list groups chats by (none: grouped by date only, as before projects). */
  projects?: readonly Project[] | null
  onNewProject?(): void
  onNewInProject?(projectId: string): void
  onProjectSettings?(projectId: string): void
  /** "Move to project…" on a chat (offered once a project exists). */
  onMoveToProject?(c: ConversationSummary): void
}

/** "No project"'s key among the collapsed groups (no project id can be empty). */
const NO_PROJECT = ''

/**
 * How the list is laid out: search hits flat, else by project (when there are projects) with
 * "No project" by date, else by date; `shown` is the rows on screen in order (what the arrow keys
 * walk: a closed group's rows are not).
 */
function useListLayout(
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

/** What the last Copy link did, said once in the list's status line. */
function useCopyLink() {
  const [linkNote, setLinkNote] = useState('')
  const copyLink = (c: ConversationSummary) =>
    copyText(conversationLink(c.id)).then(
      () => setLinkNote(`Link to ${name(c)} copied: it opens this chat from a note or a browser.`),
      (failure: unknown) =>
        setLinkNote(`The link could not be copied (${toShownError(failure).message}).`)
    )
  return { linkNote, copyLink }
}

/** Conversations: new, search, grouped by date (pinned first), per-item pin, rename, export, delete. */
export function ConversationList(props: Props) {
  const { conversations, selected, query } = props
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null)
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null)
  const projects = props.projects ?? []
  const layout = useListLayout(conversations, query, projects)
  const { searching, grouped, byDate } = layout
  const { listRef, tabStop, setFocusedId, willDelete, onListKey } = useListKeys(
    conversations,
    layout.shown,
    selected,
    setDeleting
  )
  const { linkNote, copyLink } = useCopyLink()
  const waits = (c: ConversationSummary) => (props.waiting?.get(c.id) ?? 0) > 0
  const item = (c: ConversationSummary) => (
    <ConversationRow
      key={c.id}
      c={c}
      selected={c.id === selected}
      tabStop={c.id === tabStop}
      searching={searching}
      waits={waits(c)}
      onSelect={() => props.onSelect(c.id, searching ? c.match?.messageId : null)}
      onFocus={() => setFocusedId(c.id)}
      onPin={() => props.onPin(c.id, !c.pinned)}
      onRename={() => setRenaming(c)}
      onCopyLink={() => void copyLink(c)}
      onExport={() => props.onExport(c.id)}
      onDelete={() => setDeleting(c)}
      project={searching ? projects.find((p) => p.id === c.space)?.name : undefined}
      onMove={
        props.onMoveToProject && projects.length > 0 ? () => props.onMoveToProject?.(c) : undefined
      }
    />
  )
  /** Date sections (Pinned, Today, …); inside "No project" their headings sit one level down. */
  const dateSections = (list: ConversationGroup[], Heading: 'h2' | 'h3') =>
    list.map((group) => (
      <li key={group.label} aria-labelledby={`group-${group.label}`}>
        <Heading id={`group-${group.label}`} className="conversation-group">
          {group.label}
        </Heading>
        <ul>{group.items.map((c) => item(c))}</ul>
      </li>
    ))
  return (
    <aside
      aria-label="Conversations"
      className="flex w-64 shrink-0 flex-col border-r border-line bg-sunken"
    >
      <ListActions
        query={query}
        onQuery={props.onQuery}
        onNew={props.onNew}
        onNewWithoutMemory={props.onNewWithoutMemory}
        quietNew={props.quietNew}
        onNewProject={props.onNewProject}
      />
      {/* The notice scrolls with the list: a small window still reaches both. */}
      <div className="min-h-0 flex-1 overflow-auto">
        {props.damagedNotice}
        {/* Keys reach it from the row buttons inside: the list itself takes no focus. */}
        <ul
          ref={listRef}
          aria-label="Conversation list"
          className="px-1.5 pb-2"
          onKeyDown={onListKey}
        >
          {conversations?.length === 0 && !grouped ? (
            <li className="px-3 py-4 text-center text-sm text-muted">
              {query.trim()
                ? 'No conversation matches.'
                : props.hasDamaged
                  ? 'No other conversations.'
                  : 'No conversations yet.'}
            </li>
          ) : null}
          {searching
            ? conversations?.map((c) => item(c))
            : grouped
              ? layout.sections.map(({ project, items }) => (
                  <ProjectGroup
                    key={project?.id ?? NO_PROJECT}
                    project={project}
                    count={items.length}
                    open={layout.isOpen(project)}
                    onToggle={() => layout.toggle(project?.id ?? NO_PROJECT)}
                    onNewChat={project ? () => props.onNewInProject?.(project.id) : undefined}
                    onSettings={project ? () => props.onProjectSettings?.(project.id) : undefined}
                  >
                    {project ? items.map((c) => item(c)) : dateSections(byDate(items), 'h3')}
                  </ProjectGroup>
                ))
              : dateSections(layout.groups, 'h2')}
        </ul>
      </div>
      {props.deletedNotice}
      <p role="status" className={`text-xs text-muted ${linkNote ? 'px-3 pb-2' : ''}`}>
        {linkNote}
      </p>
      <ConversationDialogs
        renaming={renaming}
        deleting={deleting}
        onRename={props.onRename}
        onDelete={(c) => {
          willDelete(c.id)
          props.onDelete(c.id)
        }}
        onCloseRename={() => setRenaming(null)}
        onCloseDelete={() => setDeleting(null)}
      />
    </aside>
  )
}

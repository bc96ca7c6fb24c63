import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { BrainOff, FolderPlus, Plus, Search } from 'lucide-react'
import { conversationLink } from '@shared/app/app-links'
import type { ConversationSummary } from '@shared/chat/chat'
import type { Project } from '@shared/projects/projects'
import { Dialog } from '../../../components/dialog'
import { copyText } from '../../../lib/clipboard'
import { toShownError } from '../../../lib/errors'
import { modifierLabel } from '../../../lib/platform'
import { useNow } from '../../../lib/hooks/use-now'
import { useCollapsedProjects } from '../../projects/use-collapsed-projects'
import {
  groupConversations,
  sectionsByProject,
  type ConversationGroup
} from './conversation-groups'
import { ConversationRow, conversationName as name } from './conversation-row'
import { ProjectGroup } from './project-group'

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

/** The row buttons of the list, in the order shown. */
const rowsOf = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>('[data-row]')]
const idOf = (row: Element | null) =>
  row?.closest<HTMLElement>('[data-conversation]')?.dataset.conversation ?? null

/** Conversations: new, search, grouped by date (pinned first), per-item pin, rename, export, delete. */
export function ConversationList(props: Props) {
  const { conversations, selected, query } = props
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null)
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null)
  const now = useNow(60_000)
  const searching = query.trim() !== ''
  const byDate = (items: readonly ConversationSummary[]) => groupConversations(items, new Date(now))
  const projects = props.projects ?? []
  const grouped = !searching && projects.length > 0
  const { collapsed, toggle } = useCollapsedProjects()
  const sections = grouped ? sectionsByProject(conversations ?? [], projects) : []
  const isOpen = (project: Project | null) => !collapsed.has(project?.id ?? NO_PROJECT)
  const groups = searching || grouped ? [] : byDate(conversations ?? [])
  /** The rows on screen, in order: what the arrow keys walk (a closed group's rows are not). */
  const shown = searching
    ? (conversations ?? [])
    : grouped
      ? sections
          .filter((s) => isOpen(s.project))
          .flatMap((s) => (s.project ? s.items : byDate(s.items).flatMap((g) => g.items)))
      : groups.flatMap((group) => group.items)
  /** The row the keys are on: one tab stop for the list (roving), the open chat's at first. */
  const [focusedId, setFocusedId] = useState<string | null>(null)
  const tabStop =
    [focusedId, selected].find((id) => id && shown.some((c) => c.id === id)) ?? shown[0]?.id
  const listRef = useRef<HTMLUListElement>(null)
  /** The row deleted from the keys, and where: the row that takes its place gets the focus. */
  const [refocus, setRefocus] = useState<{ id: string; at: number } | null>(null)
  useEffect(() => {
    if (!refocus || !listRef.current || conversations?.some((c) => c.id === refocus.id)) return
    const rows = rowsOf(listRef.current)
    rows[Math.min(refocus.at, rows.length - 1)]?.focus()
    setRefocus(null)
  }, [conversations, refocus])
  /** What the last Copy link did, said once in the list's status line. */
  const [linkNote, setLinkNote] = useState('')
  const copyLink = (c: ConversationSummary) =>
    copyText(conversationLink(c.id)).then(
      () => setLinkNote(`Link to ${name(c)} copied: it opens this chat from a note or a browser.`),
      (failure: unknown) =>
        setLinkNote(`The link could not be copied (${toShownError(failure).message}).`)
    )
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
  /** Up/Down/Home/End move between chats, Enter opens (the row is a button), Delete deletes. */
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const id = idOf(event.target as Element)
    if (!id || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    const rows = rowsOf(event.currentTarget)
    const at = rows.findIndex((row) => idOf(row) === id)
    const target =
      event.key === 'ArrowDown'
        ? rows[Math.min(rows.length - 1, at + 1)]
        : event.key === 'ArrowUp'
          ? rows[Math.max(0, at - 1)]
          : event.key === 'Home'
            ? rows[0]
            : event.key === 'End'
              ? rows.at(-1)
              : undefined
    if (target) target.focus()
    else if (event.key === 'Delete' || event.key === 'Backspace') {
      const c = shown.find((x) => x.id === id)
      if (c) setDeleting(c)
    } else return
    event.preventDefault()
  }
  return (
    <aside
      aria-label="Conversations"
      className="flex w-64 shrink-0 flex-col border-r border-line bg-sunken"
    >
      <div className="flex flex-col gap-2 p-3">
        <button
          type="button"
          className={`button w-full ${props.quietNew ? '' : 'button--primary'}`}
          onClick={props.onNew}
          title={`${modifierLabel()}N`}
        >
          <Plus size={16} aria-hidden />
          New chat
        </button>
        {props.onNewWithoutMemory ? (
          <button
            type="button"
            className="button button--quiet w-full"
            onClick={props.onNewWithoutMemory}
            title={`${modifierLabel()}Shift+N`}
          >
            <BrainOff size={16} aria-hidden className="shrink-0" />
            New chat without memory
          </button>
        ) : null}
        {props.onNewProject ? (
          <button
            type="button"
            className="button button--quiet w-full"
            onClick={props.onNewProject}
          >
            <FolderPlus size={16} aria-hidden className="shrink-0" />
            New project
          </button>
        ) : null}
        <label className="relative">
          <span className="sr-only">Search conversations</span>
          <Search
            size={14}
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-muted"
          />
          <input
            type="search"
            className="input w-full pl-8"
            placeholder="Search"
            value={query}
            onChange={(event) => props.onQuery(event.target.value)}
          />
        </label>
      </div>
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
              ? sections.map(({ project, items }) => (
                  <ProjectGroup
                    key={project?.id ?? NO_PROJECT}
                    project={project}
                    count={items.length}
                    open={isOpen(project)}
                    onToggle={() => toggle(project?.id ?? NO_PROJECT)}
                    onNewChat={project ? () => props.onNewInProject?.(project.id) : undefined}
                    onSettings={project ? () => props.onProjectSettings?.(project.id) : undefined}
                  >
                    {project ? items.map((c) => item(c)) : dateSections(byDate(items), 'h3')}
                  </ProjectGroup>
                ))
              : dateSections(groups, 'h2')}
        </ul>
      </div>
      {props.deletedNotice}
      <p role="status" className={`text-xs text-muted ${linkNote ? 'px-3 pb-2' : ''}`}>
        {linkNote}
      </p>
      <Dialog
        open={renaming !== null}
        title="Rename conversation"
        confirmLabel="Rename"
        field={{ label: 'Title', initial: renaming?.title ?? '' }}
        onClose={() => setRenaming(null)}
        onConfirm={(title) => {
          if (renaming) props.onRename(renaming.id, title.trim())
          setRenaming(null)
        }}
      />
      <Dialog
        open={deleting !== null}
        title={`Delete “${deleting ? name(deleting) : ''}”?`}
        confirmLabel="Delete"
        danger
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) {
            if (deleting.id === focusedId)
              setRefocus({ id: deleting.id, at: shown.findIndex((c) => c.id === deleting.id) })
            props.onDelete(deleting.id)
          }
          setDeleting(null)
        }}
      >
        The conversation is removed from this computer; Undo brings it back until Cairn restarts.
        What Claude put in memory stays.
      </Dialog>
    </aside>
  )
}

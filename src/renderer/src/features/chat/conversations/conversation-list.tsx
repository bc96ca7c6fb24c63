import { useState, type ReactNode } from 'react'
import { conversationLink } from '@shared/app/app-links'
import type { ConversationSummary } from '@shared/chat/chat'
import type { Project } from '@shared/projects/projects'
import { copyText } from '../../../lib/clipboard'
import { toShownError } from '../../../lib/errors'
import { ConversationRow, conversationName as name } from './conversation-row'
import { ConversationDialogs } from './conversation-dialogs'
import { ListActions } from './list-actions'
import { ListRows } from './list-rows'
import { useListKeys } from './use-list-keys'
import { useListLayout } from './use-list-layout'

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
  const { searching } = layout
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
          <ListRows
            layout={layout}
            conversations={conversations}
            hasDamaged={props.hasDamaged}
            row={item}
            onNewInProject={props.onNewInProject}
            onProjectSettings={props.onProjectSettings}
          />
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

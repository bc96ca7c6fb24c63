import type { MemoryApproval, ToolCallApproval } from './approval'

const VERB: Record<MemoryApproval['command'], string> = {
  create: 'create',
  str_replace: 'edit',
  insert: 'edit',
  delete: 'delete',
  rename: 'move'
}

/** `/memories/notes/a.md` → `notes/a.md`, as the user sees memory. */
function memoryName(path: string): string {
  return path.replace(/^\/memories\/?/, '') || 'the memory folder'
}

/** "Claude wants to edit me.md", "Claude wants to move a.md to b.md": the card's title. */
export function approvalTitle(
  approval: Pick<MemoryApproval, 'command' | 'path' | 'preview'> | Pick<ToolCallApproval, 'call'>
): string {
  if ('call' in approval)
    return `Claude wants to use ${approval.call.title} (${approval.call.server})`
  const to = approval.preview.to ? ` to ${memoryName(approval.preview.to)}` : ''
  return `Claude wants to ${VERB[approval.command]} ${memoryName(approval.path)}${to}`
}

/** How many chats wait, as the tab, the title bar, the tray and the icon say it. */
export function waitingLabel(chats: number): string {
  return `${chats} ${chats === 1 ? 'chat' : 'chats'} waiting for your approval`
}

// Every keyboard shortcut Cairn has, in the aria-keyshortcuts form the controls announce (the
// panel's spec checks that each announced one is listed here). Control reads ⌘ on a Mac.

export interface Shortcut {
  what: string
  /** Alternatives, each like "Control+Shift+N" or "Escape". */
  keys: string[]
}

export interface ShortcutGroup {
  title: string
  items: Shortcut[]
}

export const SHORTCUTS: ShortcutGroup[] = [
  {
    title: 'Anywhere',
    items: [
      { what: 'Chat, Memory, Settings', keys: ['Control+1', 'Control+2', 'Control+3'] },
      { what: 'New chat', keys: ['Control+N'] },
      { what: 'New chat without memory', keys: ['Control+Shift+N'] },
      { what: 'Show or hide the sidebar', keys: ['Control+B'] },
      { what: 'Show or hide the conversation list', keys: ['Control+Shift+B'] },
      { what: 'This list', keys: ['Control+/'] }
    ]
  },
  {
    title: 'Chat',
    items: [
      { what: 'Send the message', keys: ['Enter'] },
      { what: 'New line in the message', keys: ['Shift+Enter'] },
      { what: 'Edit your last message (message box empty)', keys: ['ArrowUp'] },
      { what: 'Stop the reply', keys: ['Escape'] },
      { what: 'Copy the last answer', keys: ['Control+Shift+C'] }
    ]
  },
  {
    title: 'Conversation list',
    items: [
      {
        what: 'Next or previous chat, first or last',
        keys: ['ArrowDown', 'ArrowUp', 'Home', 'End']
      },
      { what: 'Open it', keys: ['Enter'] },
      { what: 'Delete it (after you confirm)', keys: ['Delete'] },
      { what: 'Undo the delete (while “Deleted” shows)', keys: ['Control+Z'] }
    ]
  },
  {
    title: 'A memory change waiting on a card',
    items: [
      { what: 'Approve a memory change', keys: ['A'] },
      { what: 'Decline it', keys: ['D'] },
      { what: 'Back to your message', keys: ['Escape'] }
    ]
  },
  {
    title: 'Memory',
    items: [
      { what: 'Search names and text', keys: ['Control+Shift+F'] },
      { what: 'Next or previous hit, open it', keys: ['ArrowDown', 'ArrowUp', 'Enter'] },
      { what: 'Clear the search', keys: ['Escape'] }
    ]
  },
  {
    title: 'Memory and Settings',
    items: [{ what: 'Save', keys: ['Control+S'] }]
  },
  {
    // The global shortcut is the default one; Settings → General changes it.
    title: 'Quick ask (from any app)',
    items: [
      {
        what: 'Open or hide quick ask (the default; change it in Settings)',
        keys: ['Control+Shift+Space']
      },
      { what: 'New question', keys: ['Control+N'] },
      { what: 'Continue the chat in Cairn', keys: ['Control+O'] },
      { what: 'Hide quick ask', keys: ['Escape'] }
    ]
  }
]

const NAMES: Record<string, string> = { Escape: 'Esc', ArrowUp: '↑', ArrowDown: '↓' }

/** "Control+Shift+N" as people read it here: "Ctrl+Shift+N", or "⌘⇧N" on a Mac. */
export function keysLabel(keys: string, mac: boolean): string {
  // "Control+/" splits into "Control" and "/"; a bare "+" never appears in this list.
  const parts = keys.split('+').map((part) => NAMES[part] ?? part)
  if (!mac) return parts.map((part) => (part === 'Control' ? 'Ctrl' : part)).join('+')
  return parts.map((part) => (part === 'Control' ? '⌘' : part === 'Shift' ? '⇧' : part)).join('')
}

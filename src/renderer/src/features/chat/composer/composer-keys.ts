import type { KeyboardEvent } from 'react'
import type { McpPromptInfo } from '@shared/mcp/prompts'
import type { useSlashPrompts } from './use-slash-prompts'

interface Keys {
  slash: ReturnType<typeof useSlashPrompts>
  /** The slash list shows something to choose. */
  listing: boolean
  text: string
  running: boolean
  choose(prompt: McpPromptInfo): void
  send(): void
  onStop(): void
  onEditLast?: () => void
}

/** The keys the slash list takes from the text box while it is open. */
function slashKey(key: string): boolean {
  return ['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(key)
}

/**
 * The text box's keys: the slash list's while it is open, else Enter sends (Shift+Enter is a new
 * line), Up in an empty box edits the last message, Escape stops the answer.
 */
export function composerKeyHandler(keys: Keys) {
  const { slash } = keys
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // With nothing to choose, only Escape is the list's: Tab moves on, Enter sends.
    if (slash.open && (event.key === 'Escape' || (keys.listing && slashKey(event.key)))) {
      event.preventDefault()
      // Escape closes the list only (a running answer goes on).
      event.stopPropagation()
      const chosen = slash.matches[slash.active]
      if (event.key === 'Escape') slash.dismiss()
      else if (event.key === 'ArrowDown') slash.move(1)
      else if (event.key === 'ArrowUp') slash.move(-1)
      else if (chosen) keys.choose(chosen)
      return
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      keys.send()
    } else if (event.key === 'ArrowUp' && keys.text === '' && keys.onEditLast) {
      event.preventDefault()
      keys.onEditLast()
    } else if (event.key === 'Escape' && keys.running) {
      event.preventDefault()
      keys.onStop()
    }
  }
}

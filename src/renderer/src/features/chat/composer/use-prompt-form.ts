import { useState, type RefObject } from 'react'
import type { McpPromptInfo } from '@shared/mcp/prompts'
import { call } from '../../../lib/api'
import { toShownError } from '../../../lib/errors'

/** A chosen prompt: its arguments asked for, or being fetched, or why it failed. */
export interface PromptFormState {
  prompt: McpPromptInfo
  busy: boolean
  error: string | null
}

/**
 * An MCP prompt chosen from the slash list: asks for its arguments when it has some, then fetches
 * its text into the box for the user to read and send (nothing is sent by itself).
 */
export function usePromptForm(
  setText: (text: string) => void,
  input: RefObject<HTMLTextAreaElement | null>
) {
  const [form, setForm] = useState<PromptFormState | null>(null)
  const insertPrompt = (prompt: McpPromptInfo, args: Record<string, string>) => {
    setForm({ prompt, busy: true, error: null })
    call((api) =>
      api.mcp.getPrompt({ server: prompt.server, name: prompt.name, arguments: args })
    ).then(
      (got) => {
        setText(got.text)
        setForm(null)
        input.current?.focus()
      },
      (failure: unknown) => setForm({ prompt, busy: false, error: toShownError(failure).message })
    )
  }
  /** With arguments: the form asks for them; without: the prompt's text comes in at once. */
  const openPrompt = (prompt: McpPromptInfo) => {
    if (prompt.arguments.length > 0) setForm({ prompt, busy: false, error: null })
    else insertPrompt(prompt, {})
  }
  const cancel = () => {
    setForm(null)
    input.current?.focus()
  }
  return { form, insertPrompt, openPrompt, cancel }
}

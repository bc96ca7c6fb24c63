import { MEMORY_OFF_TOOL_TEXT, type Conversation } from '@shared/chat/chat'
import type { ConversationOptions } from '@shared/chat/channels'
import type { ToolResult } from '@shared/memory/memory'
import type { Settings } from '@shared/app/settings'
import { DEFAULT_SPACE_ID, type SpaceId } from '@shared/memory/spaces'
import type { Project } from '@shared/projects/projects'
import type { MemoryToolRunner } from '../types'

/*
 * Per-chat options: the chat's own instructions (or Settings'), and chats without memory.
 * A chat without memory gets a runner that never reaches the memory engine: nothing is read
 * from or written to the memory folder, whatever the model sends.
 */

export const MEMORY_OFF_RESULT: ToolResult = { content: MEMORY_OFF_TOOL_TEXT, isError: true }

export const MEMORY_OFF_RUNNER: MemoryToolRunner = {
  enabled: false,
  execute: async () => MEMORY_OFF_RESULT
}

export function memoryOn(conversation: Pick<Conversation, 'memory'>): boolean {
  return conversation.memory !== 'off'
}

/**
 * The memory runner a turn of this chat may use: its own space's (its project's memory, or the
 * default space), asked of the registry through `runnerIn`; none for a chat without memory.
 */
export function memoryFor(
  conversation: Pick<Conversation, 'memory' | 'space'>,
  runnerIn: (space: SpaceId) => MemoryToolRunner
): MemoryToolRunner {
  return memoryOn(conversation)
    ? runnerIn(conversation.space ?? DEFAULT_SPACE_ID)
    : MEMORY_OFF_RUNNER
}

/** What a chat's project adds to its instructions. */
export type ProjectInstructions = Pick<Project, 'name' | 'instructions'>

/**
 * The instructions this chat sends: its own override, else the ones from Settings, with its
 * project's. General before specific, so a narrower instruction comes after the broader one it
 * refines: Settings' (the user's everywhere), then the project's, then the chat's own — which
 * replace Settings' as before projects, never the project's. Outside projects: unchanged.
 */
export function instructionsFor(
  conversation: Pick<Conversation, 'instructions'>,
  settings: Pick<Settings, 'customInstructions'>,
  project?: ProjectInstructions | null
): string {
  const own = (conversation.instructions ?? settings.customInstructions).trim()
  const projectText = project?.instructions.trim() ?? ''
  if (!project || projectText.length === 0) return own
  const fromProject = `Instructions for the project “${project.name}”, which this chat is in:\n${projectText}`
  const parts = conversation.instructions === undefined ? [own, fromProject] : [fromProject, own]
  return parts.filter((part) => part.length > 0).join('\n\n')
}

/**
 * The request's system text: the user's instructions first, then the memory guidance (only
 * when the memory tool is offered). The memory protocol itself is added by the API.
 */
export function systemText(
  conversation: Pick<Conversation, 'instructions'>,
  settings: Pick<Settings, 'customInstructions' | 'memoryGuidance'>,
  withMemory: boolean
): string {
  const parts = [
    instructionsFor(conversation, settings),
    withMemory ? settings.memoryGuidance.trim() : ''
  ]
  return parts.filter((part) => part.length > 0).join('\n\n')
}

export function optionsOf(conversation: Conversation): ConversationOptions {
  return {
    conversationId: conversation.id,
    model: conversation.model,
    instructions: conversation.instructions ?? null,
    memory: conversation.memory ?? 'on',
    webSearch: conversation.web?.search ?? false,
    webFetch: conversation.web?.fetch ?? false,
    ...(conversation.serversOff ? { serversOff: conversation.serversOff } : {}),
    ...(conversation.frame?.toolSearch ? { toolSearch: true as const } : {})
  }
}

/** Applies an update in place; returns a function that undoes it (when the save fails). */
export function applyOptions(
  conversation: Conversation,
  update: {
    instructions?: string | null | undefined
    memory?: 'on' | 'off' | undefined
    webSearch?: boolean | undefined
    webFetch?: boolean | undefined
    serversOff?: string[] | undefined
  }
): () => void {
  const before = {
    instructions: conversation.instructions,
    memory: conversation.memory,
    web: conversation.web,
    serversOff: conversation.serversOff
  }
  if (update.instructions === null) delete conversation.instructions
  else if (update.instructions !== undefined) conversation.instructions = update.instructions
  if (update.memory !== undefined) conversation.memory = update.memory
  if (update.webSearch !== undefined || update.webFetch !== undefined) {
    const web = {
      search: update.webSearch ?? conversation.web?.search ?? false,
      fetch: update.webFetch ?? conversation.web?.fetch ?? false
    }
    if (web.search || web.fetch) conversation.web = web
    else delete conversation.web
  }
  if (update.serversOff !== undefined) {
    if (update.serversOff.length > 0) conversation.serversOff = [...new Set(update.serversOff)]
    else delete conversation.serversOff
  }
  return () => {
    for (const key of ['instructions', 'memory', 'web', 'serversOff'] as const) {
      if (before[key] === undefined) delete conversation[key]
      else Object.assign(conversation, { [key]: before[key] })
    }
  }
}

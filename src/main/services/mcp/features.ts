import type { Prompt, Resource } from '@modelcontextprotocol/sdk/types.js'
import type { McpPromptInfo, McpResourceInfo } from '@shared/mcp/prompts'

/*
 * A server's prompts and resources as Cairn keeps them: only the fields the shared shapes name
 * (a server may send anything along), read off the SDK's types here, beside the connection.
 */

export type McpPromptDef = Omit<McpPromptInfo, 'server' | 'serverName'>
export type McpResourceDef = Omit<McpResourceInfo, 'server' | 'serverName'>

/** One message of a prompt: its content part as the server sent it (text, image, resource…). */
export interface McpPromptMessage {
  role: 'user' | 'assistant'
  content: Record<string, unknown>
}

/** One part of a resource: text, or base64 bytes (`blob`). */
export interface McpResourceContent {
  uri: string
  mimeType?: string
  text?: string
  blob?: string
}

const optional = <K extends string>(key: K, value: unknown): Partial<Record<K, string>> =>
  typeof value === 'string' ? ({ [key]: value } as Record<K, string>) : {}

export function promptDef(prompt: Prompt): McpPromptDef {
  return {
    name: prompt.name,
    ...optional('title', prompt.title),
    ...optional('description', prompt.description),
    arguments: (prompt.arguments ?? []).map((arg) => ({
      name: arg.name,
      // Newer servers send a title (the 2025-06-18 spec's BaseMetadata); the SDK's type lacks it.
      ...optional('title', (arg as Record<string, unknown>).title),
      ...optional('description', arg.description),
      required: arg.required === true
    }))
  }
}

export function resourceDef(resource: Resource): McpResourceDef {
  return {
    uri: resource.uri,
    name: resource.name,
    ...optional('title', resource.title),
    ...optional('description', resource.description),
    ...optional('mimeType', resource.mimeType),
    ...(typeof resource.size === 'number' && resource.size >= 0 ? { size: resource.size } : {})
  }
}

/** A server's prompts and resources (asked for when the user opens a list, kept until they change). */
export interface McpServerFeatures {
  /** Its prompts (none when it offers none); read again after `notifications/prompts/list_changed`. */
  listPrompts(): Promise<McpPromptDef[]>
  getPrompt(name: string, args: Record<string, string>): Promise<McpPromptMessage[]>
  /** Its resources, not its templates; read again after `notifications/resources/list_changed`. */
  listResources(): Promise<McpResourceDef[]>
  readResource(uri: string): Promise<McpResourceContent[]>
}

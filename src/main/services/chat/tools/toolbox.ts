import type { BetaToolUnion } from '@anthropic-ai/sdk/resources/beta/messages/messages'
import type { ToolUseBlock } from '@shared/chat/chat'
import type { ModelOption } from '@shared/chat/models'
import { TOOL_SEARCH_TOOL, usesToolSearch } from '@shared/chat/tool-search'
import type { ToolCallContext, ToolLabel, ToolProvider, ToolRun } from './provider'

/*
 * The providers of one conversation's turn, in the order their tools are listed. Every request
 * lists the same providers in the same order (design: requests only grow at the end), so the
 * tools part of the prompt cache holds for the whole chat. With many deferrable tools (MCP) the
 * always-loaded ones come first, then the tool search tool, then the rest with `defer_loading`:
 * the loaded part (the cached prefix) stays the same whatever servers come and go.
 */

/** What a request lists. */
export interface ToolListing {
  definitions: BetaToolUnion[]
  /** Tools whose results context editing keeps. */
  keepResults: string[]
  /** The deferrable tools wait behind the tool search tool (it is listed). */
  toolSearch: boolean
}

export class Toolbox {
  constructor(readonly providers: readonly ToolProvider[]) {}

  /**
   * All tools the request lists. `keepSearch`: the chat's requests used tool search before, so
   * it stays (see shared/chat/tool-search.ts).
   */
  offer(model: ModelOption | null, keepSearch = false): ToolListing {
    const offers = this.providers.map((p) => p.offer(model))
    const keepResults = offers.flatMap((o) => o.keepResults ?? [])
    const deferrable = offers.filter((o) => o.deferrable).flatMap((o) => o.definitions)
    if (!usesToolSearch(deferrable.length, model?.caps, keepSearch))
      return { definitions: offers.flatMap((o) => o.definitions), keepResults, toolSearch: false }
    const loaded = offers.filter((o) => !o.deferrable).flatMap((o) => o.definitions)
    return {
      definitions: [
        ...loaded,
        { ...TOOL_SEARCH_TOOL },
        ...deferrable.map((d) => ({ ...d, defer_loading: true }))
      ],
      keepResults,
      toolSearch: true
    }
  }

  /** The provider that runs calls of this name here, if any. */
  runnerOf(name: string): ToolProvider | undefined {
    return this.providers.find((p) => p.runs(name))
  }

  describe(call: Pick<ToolUseBlock, 'name' | 'input'>): ToolLabel & { provider: string | null } {
    const provider = this.runnerOf(call.name)
    if (provider) return { provider: provider.id, ...provider.describe(call) }
    return { provider: null, action: call.name.slice(0, 40), target: null }
  }

  /** Runs a call with its provider; a name no provider runs is answered with what there is. */
  run(
    call: Pick<ToolUseBlock, 'id' | 'name' | 'input'>,
    context: ToolCallContext
  ): Promise<ToolRun> {
    const provider = this.runnerOf(call.name)
    if (provider) return provider.run(call, context)
    return Promise.resolve({ content: this.unknownTool(call.name), is_error: true })
  }

  /**
   * Takes out of a reply's calls what must not be saved or shown (each provider decides for
   * its own). Returns each changed call's input as Claude wrote it, by tool_use id.
   */
  async conceal(
    content: ReadonlyArray<{ type: string }>
  ): Promise<Map<string, Record<string, unknown>>> {
    const asWritten = new Map<string, Record<string, unknown>>()
    for (const block of content) {
      if (block.type !== 'tool_use') continue
      const call = block as ToolUseBlock
      const kept = await this.runnerOf(call.name)?.conceal?.(call)
      if (!kept) continue
      asWritten.set(call.id, call.input)
      call.input = kept
    }
    return asWritten
  }

  private unknownTool(name: string): string {
    const names = this.providers.flatMap((p) =>
      p.offer(null).definitions.flatMap((d) => ('name' in d && p.runs(d.name) ? [d.name] : []))
    )
    const there =
      names.length === 1
        ? `Only the ${names[0]} tool is available.`
        : names.length === 0
          ? 'No tools are available in this chat.'
          : `The tools available are: ${names.join(', ')}.`
    return `Error: There is no tool called ${name}. ${there}`
  }
}

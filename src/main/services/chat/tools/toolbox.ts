import type { ToolUseBlock } from '@shared/chat/chat'
import type { ModelOption } from '@shared/chat/models'
import type { ToolCallContext, ToolLabel, ToolOffer, ToolProvider, ToolRun } from './provider'

/*
 * The providers of one conversation's turn, in the order their tools are listed. Every request
 * lists the same providers in the same order (design: requests only grow at the end), so the
 * tools part of the prompt cache holds for the whole chat.
 */
export class Toolbox {
  constructor(readonly providers: readonly ToolProvider[]) {}

  /** All tools the request lists, and the tools whose results context editing keeps. */
  offer(model: ModelOption | null): Required<ToolOffer> {
    const offers = this.providers.map((p) => p.offer(model))
    return {
      definitions: offers.flatMap((o) => o.definitions),
      keepResults: offers.flatMap((o) => o.keepResults ?? [])
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

import { describeTool } from '@shared/memory/memory-call'
import { guardCaughtSecret } from '../../../memory'
import type { ApprovalDesk } from '../../approvals/approvals'
import type { MemoryToolRunner } from '../../types'
import type { ToolProvider } from '../provider'
import { concealSecrets, withoutTexts } from './secret-input'

/*
 * Memory, the first provider: Anthropic's client-side memory tool, run by the memory engine
 * against the memory folder (or answered "memory is off" by the chat's runner, see memoryFor).
 * The engine plans each command (its dry run), asks the approval desk where the user's setting
 * says so, and runs exactly that plan; the guard's secrets never reach the conversation file.
 */

export const MEMORY_TOOL = { type: 'memory_20250818', name: 'memory' } as const

export interface MemoryProviderDeps {
  runner: MemoryToolRunner
  /** Write approval: commands the setting says must be approved wait here (absent: none). */
  approvals?: ApprovalDesk | undefined
}

export function memoryProvider({ runner, approvals }: MemoryProviderDeps): ToolProvider {
  return {
    id: 'memory',
    // The memory operations stay visible past a clearing: they are how Claude keeps what matters.
    offer: () => ({ definitions: [MEMORY_TOOL], keepResults: [MEMORY_TOOL.name] }),
    runs: (name) => name === MEMORY_TOOL.name,
    describe(call) {
      const { command, path } = describeTool(call.input)
      return { action: command, target: path }
    },
    conceal: (call) => concealSecrets(call.input),
    async run(call, { conversationId, turnId, signal, concealed }) {
      const ask = approvals?.askerFor({
        conversationId,
        turnId,
        toolUseId: call.id,
        input: call.input,
        signal
      })
      const actor = { kind: 'claude', conversationId } as const
      const result = await runner.execute(call.input, actor, ask ? { ask } : {})
      return {
        content: result.content,
        is_error: result.isError,
        ...(result.activity ? { memory: result.activity } : {}),
        ...(result.cap ? { cap: result.cap } : {}),
        // The guard caught a secret concealSecrets could not see in the strings alone (an edit
        // completing a key half in the file): the texts leave the saved call.
        ...(guardCaughtSecret(result) && !concealed
          ? { keepInputAs: withoutTexts(call.input) }
          : {})
      }
    }
  }
}

import { StreamingMarkdown } from '../markdown/markdown'
import { MemoryChip } from '../memory-chips/memory-chip'
import { LiveThinking } from '../thinking/thinking-block'
import { ToolCallChip } from '../tools/tool-call-chip'
import type { Draft } from '../use-conversation'

/** The answer being written: its thinking, its tool calls so far, and its text as it streams. */
export function DraftRow({ draft, onOpen }: { draft: Draft; onOpen(path: string): void }) {
  return (
    <div aria-busy="true">
      <LiveThinking draft={draft} />
      {draft.tools.map((tool) =>
        tool.provider === 'memory' ? (
          <MemoryChip
            key={tool.toolUseId}
            chip={{ ...tool, result: tool.summary }}
            onOpen={onOpen}
          />
        ) : (
          <ToolCallChip
            key={tool.toolUseId}
            call={{
              name: tool.command,
              shown: { action: tool.command, target: tool.path },
              input: {},
              status: tool.status,
              result: tool.summary
            }}
          />
        )
      )}
      <StreamingMarkdown text={draft.text} />
    </div>
  )
}

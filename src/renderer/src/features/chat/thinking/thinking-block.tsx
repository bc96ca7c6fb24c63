import { useId, useState } from 'react'
import { Brain, ChevronRight } from 'lucide-react'
import type { AssistantBlock, RedactedThinkingBlock, ThinkingBlock } from '@shared/chat/chat'
import type { Draft } from '../draft'

type Thought = ThinkingBlock | RedactedThinkingBlock

const isThought = (block: AssistantBlock | undefined): block is Thought =>
  block?.type === 'thinking' || block?.type === 'redacted_thinking'

export const REDACTED_NOTE = 'Some thinking was redacted by the safety system.'

/** "Thought for 12 s": measured in main from the block's first to its last streamed event. */
export function thoughtLabel(durationMs: number | null): string {
  if (durationMs === null) return 'Thought'
  if (durationMs < 1000) return 'Thought for under a second'
  return `Thought for ${Math.round(durationMs / 1000).toLocaleString('en-US')} s`
}

interface ViewProps {
  text: string
  redacted: boolean
  /** `thinking`: still streaming. */
  status: 'thinking' | 'done'
  durationMs: number | null
}

/** Claude's thinking, collapsed: a disclosure button that opens the text (WAI-ARIA pattern). */
export function ThinkingView({ text, redacted, status, durationMs }: ViewProps) {
  const [open, setOpen] = useState(false)
  const regionId = useId()
  const thinking = status === 'thinking'
  return (
    <div className="my-1 flex max-w-full flex-col" data-testid="thinking">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1.5 self-start rounded-full border border-line bg-sunken py-0.5 pr-2.5 pl-1.5 text-xs text-muted hover:text-fg"
      >
        <ChevronRight size={12} aria-hidden className={open ? 'rotate-90' : ''} />
        <Brain size={12} aria-hidden className={thinking ? 'animate-pulse' : ''} />
        <span>{thinking ? 'Thinking…' : thoughtLabel(durationMs)}</span>
      </button>
      {open ? (
        <div
          id={regionId}
          role="region"
          aria-label="Claude's thinking"
          className="mt-1 max-h-96 overflow-y-auto border-l-2 border-line pl-3 text-sm whitespace-pre-wrap text-muted"
        >
          {text ? <p>{text}</p> : null}
          {!text && !redacted ? (
            <p className="italic">
              {thinking
                ? 'The thinking text shows here as it arrives.'
                : 'This model did not show its thinking text.'}
            </p>
          ) : null}
          {redacted ? <p className="mt-1 italic">{REDACTED_NOTE}</p> : null}
        </div>
      ) : null}
    </div>
  )
}

/**
 * A saved run of thinking blocks (consecutive thinking and redacted blocks show as one). Rendered
 * at each block of the run; only the first draws it.
 */
export function ThinkingRun({ content, at }: { content: AssistantBlock[]; at: number }) {
  if (isThought(content[at - 1])) return null
  const run: Thought[] = []
  for (let i = at; isThought(content[i]); i += 1) run.push(content[i] as Thought)
  const texts = run.flatMap((b) => (b.type === 'thinking' && b.thinking ? [b.thinking] : []))
  const durations = run.flatMap((b) =>
    b.type === 'thinking' && b.durationMs !== undefined ? [b.durationMs] : []
  )
  return (
    <ThinkingView
      text={texts.join('\n\n')}
      redacted={run.some((b) => b.type === 'redacted_thinking')}
      status="done"
      durationMs={durations.length > 0 ? durations.reduce((a, b) => a + b, 0) : null}
    />
  )
}

/** The reply being written: thinking until its text or a tool call starts. */
export function LiveThinking({ draft }: { draft: Draft }) {
  if (draft.thinking === undefined && !draft.redacted) return null
  const answering = draft.text.length > 0 || draft.tools.length > 0
  return (
    <ThinkingView
      text={draft.thinking ?? ''}
      redacted={draft.redacted === true}
      status={answering ? 'done' : 'thinking'}
      durationMs={null}
    />
  )
}

/** Draft updates for chat:thinking events. */
export function withThinking(draft: Draft, text: string): Draft {
  return { ...draft, thinking: (draft.thinking ?? '') + text }
}
export function withRedacted(draft: Draft): Draft {
  return { ...draft, redacted: true }
}

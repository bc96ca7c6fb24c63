import { useId, useState } from 'react'
import { ChevronRight, TriangleAlert, Wrench } from 'lucide-react'
import type { AttachmentBlock } from '@shared/chat/attachments'
import { mcpToolOf } from '@shared/mcp/tool-name'
import { SentChip } from '../attachments/message-attachments'

export interface ToolCallData {
  name: string
  /** As main described it while it ran (the tool's title, its server's name). */
  shown?: { action: string; target: string | null } | undefined
  input: Record<string, unknown>
  status: 'running' | 'done' | 'error' | 'cancelled'
  result: string
  /** Images the tool returned, as Claude got them after the text. */
  images?: AttachmentBlock[] | undefined
}

/** "Used echo (everything)", "echo failed: …": a call of a tool other than memory, in words. */
export function toolCallLabel(call: ToolCallData): string {
  const mcp = mcpToolOf(call.name)
  const what = call.shown
    ? `${call.shown.action}${call.shown.target ? ` (${call.shown.target})` : ''}`
    : mcp
      ? `${mcp.tool} (${mcp.server})`
      : call.name
  if (call.status === 'running') return `Using ${what}…${call.result ? ` ${call.result}` : ''}`
  if (call.status === 'cancelled') return `${what} (stopped)`
  if (call.status === 'error') return `${what} failed: ${call.result.split('\n')[0] ?? ''}`
  return `Used ${what}`
}

/**
 * A tool call inside an answer (an MCP server's tool): what it did in words, expanding to what
 * Claude sent and what came back, shown as plain text (a server's output is never markup).
 */
export function ToolCallChip({ call }: { call: ToolCallData }) {
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  const failed = call.status === 'error'
  return (
    <div className="my-1 flex max-w-full flex-col">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((o) => !o)}
        className={`inline-flex max-w-full min-w-0 items-center gap-1 self-start rounded-full border px-2 py-0.5 text-xs ${
          failed
            ? 'border-danger/40 bg-danger-soft text-danger'
            : 'border-line bg-sunken text-muted'
        }`}
      >
        <ChevronRight size={12} aria-hidden className={open ? 'rotate-90' : ''} />
        {failed ? <TriangleAlert size={12} aria-hidden /> : <Wrench size={12} aria-hidden />}
        <span className="truncate">{toolCallLabel(call)}</span>
      </button>
      {open ? (
        <div id={detailsId} className="mt-1 flex max-w-full flex-col gap-1 text-xs">
          <p className="text-muted">Sent</p>
          <pre className="tool-call__text">{JSON.stringify(call.input, null, 2)}</pre>
          {call.result ? (
            <>
              <p className="text-muted">Came back</p>
              <pre className="tool-call__text">{call.result}</pre>
            </>
          ) : null}
          {call.images?.length ? (
            <ul aria-label="Images it returned" className="flex flex-wrap gap-2">
              {call.images.map((image, i) => (
                <SentChip key={`${image.hash}-${i}`} attachment={image} />
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

import type { ToolCallApproval } from '@shared/chat/approval'

/** One argument as a line of the form: text as it is, anything else as compact JSON. */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * What a tool call would send: the server and tool, each argument as a line, and the whole as
 * JSON. Plain text only: the arguments come from Claude, the names from the server.
 */
export function ToolCallPreview({ approval }: { approval: ToolCallApproval }) {
  const { call } = approval
  let fields: Array<[string, unknown]> | null = null
  try {
    const parsed: unknown = JSON.parse(call.arguments)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      fields = Object.entries(parsed)
  } catch {
    // Cut for length: the JSON below says so.
  }
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="text-xs text-muted">
        Tool <code>{call.tool}</code> of the server <strong>{call.server}</strong>
      </p>
      {fields && fields.length > 0 ? (
        <dl
          className="grid grid-cols-[minmax(0,10rem)_1fr] gap-x-3 gap-y-0.5"
          aria-label="What Claude sends"
        >
          {fields.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="truncate font-mono text-xs text-muted">{name}</dt>
              <dd className="line-clamp-4 break-words whitespace-pre-wrap">{shown(value)}</dd>
            </div>
          ))}
        </dl>
      ) : fields ? (
        <p className="text-xs text-muted">No arguments.</p>
      ) : null}
      <details>
        <summary className="text-xs text-muted">As JSON</summary>
        <pre className="tool-call__text text-xs">{call.arguments}</pre>
      </details>
    </div>
  )
}

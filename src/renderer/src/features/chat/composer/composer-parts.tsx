import { ArrowUp, Paperclip, Square } from 'lucide-react'
import { call } from '../../../lib/api'
import { ResourcePicker } from '../attachments/resource-picker'
import type { useAttachments } from '../attachments/use-attachments'

/** In place of the composer while no API key is set: what is missing and where to add it. */
export function NoKeyNotice({ onOpenSettings }: { onOpenSettings(): void }) {
  return (
    <div className="border-t border-line p-4 text-center text-sm">
      Cairn needs an Anthropic API key before Claude can answer.{' '}
      <button type="button" className="font-medium text-accent underline" onClick={onOpenSettings}>
        Add your key in Settings
      </button>
    </div>
  )
}

/** Attach files from disk, or a resource one of the chat's MCP servers offers. */
export function AttachControls({
  conversationId,
  files
}: {
  conversationId: string
  files: ReturnType<typeof useAttachments>
}) {
  return (
    <>
      <button
        type="button"
        className="button button--quiet px-2"
        aria-label="Attach files"
        title="Attach images, PDFs or text files (or paste or drop them here)"
        onClick={() => void files.pick()}
      >
        <Paperclip size={16} aria-hidden />
      </button>
      <ResourcePicker
        conversationId={conversationId}
        onAttach={(resource) =>
          void files.addFrom(
            () =>
              call((api) => api.mcp.attachResource({ server: resource.server, uri: resource.uri })),
            `${resource.serverName} · ${resource.uri}`
          )
        }
      />
    </>
  )
}

/** Stop while Claude answers, Send otherwise. */
export function SendOrStop(props: {
  running: boolean
  disabled: boolean
  onSend(): void
  onStop(): void
}) {
  return props.running ? (
    <button type="button" className="button" onClick={props.onStop} aria-keyshortcuts="Escape">
      <Square size={14} aria-hidden />
      Stop
    </button>
  ) : (
    <button
      type="button"
      className="button button--primary"
      onClick={props.onSend}
      disabled={props.disabled}
      aria-label="Send"
    >
      <ArrowUp size={16} aria-hidden />
    </button>
  )
}

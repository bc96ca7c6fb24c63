import { FolderClosed } from 'lucide-react'

/**
 * The open chat's project in its header: its name, opening the project's settings. A project
 * not (or not yet) listed shows as "Project" rather than an id.
 */
export function ProjectChip({ name, onOpen }: { name: string | undefined; onOpen(): void }) {
  const shown = name ?? 'Project'
  return (
    <button
      type="button"
      className="flex max-w-48 shrink-0 items-center gap-1.5 rounded-full border border-line px-2.5 py-0.5 text-xs font-medium text-muted hover:bg-fg/5 hover:text-fg"
      title={`In the project “${shown}”: its settings`}
      aria-label={`Project: ${shown} (settings)`}
      onClick={onOpen}
    >
      <FolderClosed size={12} aria-hidden className="shrink-0" />
      <span className="truncate">{shown}</span>
    </button>
  )
}

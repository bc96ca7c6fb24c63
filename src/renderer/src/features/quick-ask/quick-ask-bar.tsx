import { ExternalLink, SquarePen, X } from 'lucide-react'
import { CairnMark } from '../../components/icons'
import { modifierLabel } from '../../lib/platform'

/** The window's title bar: New, Open in Cairn (both once a question was asked), Hide. */
export function QuickAskBar(props: {
  asked: boolean
  onNew(): void
  onOpenInCairn(): void
  onHide(): void
}) {
  return (
    <header className="quick-ask__bar flex items-center gap-2 border-b border-line px-3 py-2">
      <span className="size-5 text-accent" aria-hidden>
        <CairnMark />
      </span>
      <h1 className="flex-1 text-sm font-semibold">Quick ask</h1>
      <button
        type="button"
        className="button button--quiet px-2 py-1 text-sm"
        onClick={props.onNew}
        disabled={!props.asked}
        title={`New question (${modifierLabel()}N)`}
        aria-keyshortcuts="Control+N Meta+N"
      >
        <SquarePen size={14} aria-hidden />
        New
      </button>
      <button
        type="button"
        className="button px-2 py-1 text-sm"
        onClick={props.onOpenInCairn}
        disabled={!props.asked}
        title={`Continue this chat in the main window (${modifierLabel()}O)`}
        aria-keyshortcuts="Control+O Meta+O"
      >
        <ExternalLink size={14} aria-hidden />
        Open in Cairn
      </button>
      <button
        type="button"
        className="button button--quiet px-1.5 py-1"
        onClick={props.onHide}
        aria-label="Hide quick ask"
        title="Hide (Esc)"
        aria-keyshortcuts="Escape"
      >
        <X size={16} aria-hidden />
      </button>
    </header>
  )
}

import { useEffect, useId, useRef } from 'react'
import { X } from 'lucide-react'
import { isMac } from '../../lib/platform'
import { keysLabel, SHORTCUTS } from './shortcut-list'

/** Ctrl/Cmd+/ (or the sidebar's button): every keyboard shortcut, grouped by where it works. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    else if (!open && dialog.open) dialog.close()
  }, [open])
  const mac = isMac()
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      // Esc closes the list; it must not also reach the window and stop a reply.
      onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}
      className="m-auto max-h-[85vh] w-[min(560px,92vw)] rounded-card border border-line bg-surface p-0 text-fg shadow-xl backdrop:bg-black/40"
    >
      <div className="flex flex-col gap-4 p-5">
        <header className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-base font-semibold">
            Keyboard shortcuts
          </h2>
          <button
            type="button"
            className="rounded p-1.5 text-muted hover:bg-fg/10 hover:text-fg"
            aria-label="Close"
            onClick={onClose}
          >
            <X size={16} aria-hidden />
          </button>
        </header>
        {SHORTCUTS.map((group) => (
          <table key={group.title} className="w-full text-sm">
            <caption className="pb-1 text-left text-xs font-semibold text-muted">
              {group.title}
            </caption>
            <tbody>
              {group.items.map((item) => (
                <tr key={item.what} className="border-t border-line">
                  <td className="py-1.5 pr-3">{item.what}</td>
                  <td className="py-1.5 text-right whitespace-nowrap">
                    {item.keys.map((keys, i) => (
                      <span key={keys} data-keys={keys}>
                        {i > 0 ? <span className="text-muted"> / </span> : null}
                        <kbd className="rounded border border-line-strong bg-sunken px-1.5 py-0.5 font-mono text-xs">
                          {keysLabel(keys, mac)}
                        </kbd>
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </dialog>
  )
}

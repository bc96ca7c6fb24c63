import { useEffect, useRef, useState } from 'react'
import { Check, Copy, HardDrive, TriangleAlert, X } from 'lucide-react'
import { history, historyKeymap, defaultKeymap } from '@codemirror/commands'
import { markdown } from '@codemirror/lang-markdown'
import { MergeView } from '@codemirror/merge'
import { EditorState, Transaction } from '@codemirror/state'
import { EditorView, keymap, lineNumbers } from '@codemirror/view'
import { editorTheme, minimalChange } from '../../../components/code-editor'
import { Spinner } from '../../../components/icons'
import { relativePath } from '../memory-paths'

export interface Props {
  path: string
  /** The file as it is on disk now; the left side follows it live. */
  disk: string
  /** The user's text; the right side starts from it and can be edited to merge by hand. */
  mine: string
  busy: boolean
  onMineChange(text: string): void
  onKeepMine(text: string): void
  onTakeDisk(): void
  onCopyMine(text: string): void
  onClose(): void
}

// Tints from the app's own palette (both themes), instead of the merge view's fixed reds/greens.
const compareTheme = EditorView.theme({
  '&.cm-merge-a .cm-changedLine, .cm-deletedChunk': {
    backgroundColor: 'color-mix(in srgb, var(--warning) 12%, transparent)'
  },
  '&.cm-merge-b .cm-changedLine': {
    backgroundColor: 'color-mix(in srgb, var(--success) 12%, transparent)'
  },
  '&.cm-merge-a .cm-changedText': {
    backgroundColor: 'color-mix(in srgb, var(--warning) 30%, transparent)'
  },
  '&.cm-merge-b .cm-changedText': {
    backgroundColor: 'color-mix(in srgb, var(--success) 30%, transparent)'
  },
  '&.cm-merge-a .cm-changedLineGutter': { backgroundColor: 'var(--warning)' },
  '&.cm-merge-b .cm-changedLineGutter': { backgroundColor: 'var(--success)' },
  '&': { minHeight: '100%' },
  '&.cm-merge-a': { backgroundColor: 'var(--surface-sunken)' },
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '-2px' }
})

/** A revert arrow with a name a screen reader can say. */
function revertButton(): HTMLElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.name = 'accept'
  button.textContent = '⇨'
  button.title = "Use the disk's lines here"
  button.setAttribute('aria-label', "Use the disk's lines here")
  return button
}

/**
 * A real conflict: the disk (left, read-only) against the user's text (right, editable). Arrows
 * copy one change from the disk into the right side; "Keep mine" saves the right side as it is.
 */
export function ConflictCompare(props: Props) {
  const { path, disk, mine, busy, onClose } = props
  const host = useRef<HTMLDivElement>(null)
  const merge = useRef<MergeView | null>(null)
  const handlers = useRef(props)
  useEffect(() => {
    handlers.current = props
  })
  const [chunks, setChunks] = useState<number | null>(null)

  useEffect(() => {
    if (!host.current) return
    const shadow = host.current.shadowRoot ?? host.current.attachShadow({ mode: 'open' })
    const parent = document.createElement('div')
    parent.style.height = '100%'
    shadow.replaceChildren(parent)
    const name = relativePath(path)
    // After any change on either side, once the merge view has re-diffed.
    const recount = EditorView.updateListener.of((update) => {
      if (update.docChanged) queueMicrotask(() => setChunks(merge.current?.chunks.length ?? null))
    })
    const common = [
      lineNumbers(),
      markdown(),
      EditorView.lineWrapping,
      editorTheme,
      compareTheme,
      recount
    ]
    const view = new MergeView({
      root: shadow,
      parent,
      revertControls: 'a-to-b',
      renderRevertControl: revertButton,
      collapseUnchanged: { margin: 3, minSize: 8 },
      a: {
        doc: handlers.current.disk,
        extensions: [
          ...common,
          EditorState.readOnly.of(true),
          EditorView.contentAttributes.of({ 'aria-label': `${name} on disk now (read-only)` })
        ]
      },
      b: {
        doc: handlers.current.mine,
        extensions: [
          ...common,
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ 'aria-label': `Your version of ${name}` }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onMineChange(update.state.doc.toString())
          })
        ]
      }
    })
    // The merge view does not scroll on its own; CSSOM styles are fine under the strict CSP.
    view.dom.style.height = '100%'
    view.dom.style.overflow = 'auto'
    // Both sides reach the bottom, so a short file does not leave a blank gap under the compare.
    const editors = view.dom.querySelector<HTMLElement>('.cm-mergeViewEditors')
    if (editors) {
      editors.style.minHeight = '100%'
      editors.style.alignItems = 'stretch'
    }
    merge.current = view
    setChunks(view.chunks.length)
    return () => {
      merge.current = null
      view.destroy()
    }
    // The merge view owns both texts once made; the disk side is updated in place below.
  }, [path])

  // The disk moved again while comparing: update the left side where it stands.
  useEffect(() => {
    const view = merge.current
    if (!view) return
    const current = view.a.state.doc.toString()
    if (current === disk) return
    view.a.dispatch({
      changes: minimalChange(current, disk),
      annotations: Transaction.addToHistory.of(false)
    })
  }, [disk])

  const mineNow = () => merge.current?.b.state.doc.toString() ?? mine
  const name = relativePath(path)

  return (
    <section aria-label={`Compare ${name}`} className="flex h-full min-h-0 flex-col bg-surface">
      <div
        role="alert"
        className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-warning-line bg-warning-soft px-4 py-2.5 text-sm"
      >
        <TriangleAlert size={18} aria-hidden className="shrink-0 text-warning" />
        <div className="mr-auto min-w-64 flex-1">
          <p className="font-medium text-fg">{name} changed on disk while you were editing.</p>
          <p className="text-xs text-muted">
            Nothing is lost: edit the right side to merge by hand (⇨ copies a change from the disk),
            then keep it. Whichever you choose, the other version stays in history.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="button button--quiet"
            onClick={() => handlers.current.onCopyMine(mineNow())}
          >
            <Copy size={16} aria-hidden />
            Copy my version
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => handlers.current.onTakeDisk()}
          >
            <HardDrive size={16} aria-hidden />
            Take the disk&rsquo;s
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => handlers.current.onKeepMine(mineNow())}
          >
            {busy ? <Spinner /> : <Check size={16} aria-hidden />}
            Keep mine
          </button>
          <button
            type="button"
            className="button button--quiet"
            aria-label="Close the compare (your text stays as unsaved edits)"
            title="Close the compare (your text stays as unsaved edits)"
            onClick={onClose}
          >
            <X size={16} aria-hidden />
          </button>
        </div>
      </div>
      <div className="grid grid-cols-2 border-b border-line bg-sunken text-xs font-medium text-muted">
        <p className="flex items-center gap-2 px-4 py-1.5">
          <span className="size-2 rounded-full bg-warning" aria-hidden />
          On disk now <span className="font-normal">(read-only)</span>
        </p>
        <p className="flex items-center gap-2 border-l border-line px-4 py-1.5">
          <span className="size-2 rounded-full bg-success" aria-hidden />
          Yours <span className="font-normal">(editable)</span>
          <span className="ml-auto font-normal" aria-live="polite">
            {chunks === null
              ? ''
              : chunks === 0
                ? 'No differences left'
                : `${chunks} ${chunks === 1 ? 'difference' : 'differences'}`}
          </span>
        </p>
      </div>
      <div ref={host} className="min-h-0 flex-1 overflow-hidden" />
    </section>
  )
}

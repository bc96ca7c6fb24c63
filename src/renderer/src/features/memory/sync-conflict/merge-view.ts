import { useEffect, useRef, useState } from 'react'
import { history, historyKeymap, defaultKeymap } from '@codemirror/commands'
import { markdown } from '@codemirror/lang-markdown'
import { MergeView } from '@codemirror/merge'
import { EditorState, Transaction } from '@codemirror/state'
import { EditorView, keymap, lineNumbers } from '@codemirror/view'
import { editorTheme, minimalChange } from '../../../components/code-editor'
import { relativePath } from '../memory-paths'

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
 * The merge view in `root`: the disk on the left (read-only), the user's text on the right
 * (editable, with its own undo). `onRecount` follows the number of differences as either side
 * changes; `onMineChange` each edit of the right side.
 */
function createMergeView(options: {
  root: ShadowRoot
  name: string
  disk: string
  mine: string
  onRecount(): void
  onMineChange(text: string): void
}): MergeView {
  const { root, name } = options
  const parent = document.createElement('div')
  parent.style.height = '100%'
  root.replaceChildren(parent)
  // After any change on either side, once the merge view has re-diffed.
  const recount = EditorView.updateListener.of((update) => {
    if (update.docChanged) queueMicrotask(options.onRecount)
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
    root,
    parent,
    revertControls: 'a-to-b',
    renderRevertControl: revertButton,
    collapseUnchanged: { margin: 3, minSize: 8 },
    a: {
      doc: options.disk,
      extensions: [
        ...common,
        EditorState.readOnly.of(true),
        EditorView.contentAttributes.of({ 'aria-label': `${name} on disk now (read-only)` })
      ]
    },
    b: {
      doc: options.mine,
      extensions: [
        ...common,
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.contentAttributes.of({ 'aria-label': `Your version of ${name}` }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onMineChange(update.state.doc.toString())
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
  return view
}

/**
 * The compare's merge view, made in `host`'s shadow root once per path: the disk side follows
 * `disk` in place, and `chunks` counts the differences left (null before it is made).
 */
export function useMergeView({
  path,
  disk,
  mine,
  onMineChange
}: {
  path: string
  disk: string
  mine: string
  onMineChange(text: string): void
}) {
  const host = useRef<HTMLDivElement>(null)
  const merge = useRef<MergeView | null>(null)
  const latest = useRef({ disk, mine, onMineChange })
  useEffect(() => {
    latest.current = { disk, mine, onMineChange }
  })
  const [chunks, setChunks] = useState<number | null>(null)

  useEffect(() => {
    if (!host.current) return
    const view = createMergeView({
      root: host.current.shadowRoot ?? host.current.attachShadow({ mode: 'open' }),
      name: relativePath(path),
      disk: latest.current.disk,
      mine: latest.current.mine,
      onRecount: () => setChunks(merge.current?.chunks.length ?? null),
      onMineChange: (text) => latest.current.onMineChange(text)
    })
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

  return {
    host,
    chunks,
    /** The right side's text as it stands (the text it started from before it is made). */
    mineNow: () => merge.current?.b.state.doc.toString() ?? mine
  }
}

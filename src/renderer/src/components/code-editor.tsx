import { useEffect, useRef, type RefObject } from 'react'
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { markdown } from '@codemirror/lang-markdown'
import { EditorSelection, EditorState, Transaction } from '@codemirror/state'
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers
} from '@codemirror/view'

/** Where the cursor and scroll were, to put them back when a file is shown again. */
export interface EditorSpot {
  anchor: number
  head: number
  scrollTop: number
}

/** What a parent may do to a live editor without re-creating it (which would lose cursor and scroll). */
export interface EditorController {
  /** Replaces the text by changing only the part that differs; cursor and scroll stay put. */
  replaceText(text: string): void
}

export interface Props {
  /** The text to start from; a new docKey replaces the document with it. */
  initial: string
  docKey: string
  label: string
  /** Cursor and scroll to start at (clamped to the text). */
  startSpot?: EditorSpot
  controllerRef?: RefObject<EditorController | null>
  onChange(text: string): void
  onSave(): void
  /** Shown but not editable (e.g. only the first part of a huge file). */
  readOnly?: boolean
  /** Called as the editor goes away, with where the user was. */
  onLeave?(spot: EditorSpot): void
}

/** The smallest single change that turns `from` into `to` (common prefix and suffix kept). */
export function minimalChange(
  from: string,
  to: string
): { from: number; to: number; insert: string } {
  const max = Math.min(from.length, to.length)
  let start = 0
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start += 1
  let end = 0
  while (
    end < max - start &&
    from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end)
  )
    end += 1
  return { from: start, to: from.length - end, insert: to.slice(start, to.length - end) }
}

// CodeMirror's styles go through style-mod, which writes a <style> tag into a document (blocked by
// the strict CSP) but adoptedStyleSheets (CSSOM, allowed) into a shadow root: so it lives in one.
// The theme's CSS variables inherit across the shadow boundary.
export const editorTheme = EditorView.theme({
  '&': {
    height: '100%',
    fontSize: '13px',
    backgroundColor: 'var(--surface)',
    color: 'var(--text)'
  },
  '.cm-scroller': {
    fontFamily: "ui-monospace, 'SF Mono', Menlo, Consolas, monospace",
    lineHeight: '1.6'
  },
  '.cm-gutters': {
    backgroundColor: 'var(--surface-sunken)',
    color: 'var(--text-muted)',
    borderRight: '1px solid var(--border)'
  },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--accent-soft)' },
  '.cm-cursor': { borderLeftColor: 'var(--text)' },
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '-2px' },
  '&.cm-focused .cm-selectionBackground, ::selection': { backgroundColor: 'var(--accent-soft)' }
})

/** A CodeMirror 6 editor with line numbers; Mod-s saves, Escape leaves (so Tab order still works). */
export function CodeEditor({
  initial,
  docKey,
  label,
  startSpot,
  controllerRef,
  onChange,
  onSave,
  onLeave,
  readOnly = false
}: Props) {
  const host = useRef<HTMLDivElement>(null)
  const handlers = useRef({ onChange, onSave, onLeave })
  useEffect(() => {
    handlers.current = { onChange, onSave, onLeave }
  })

  useEffect(() => {
    if (!host.current) return
    const shadow = host.current.shadowRoot ?? host.current.attachShadow({ mode: 'open' })
    const parent = document.createElement('div')
    parent.style.height = '100%'
    shadow.replaceChildren(parent)
    const view = new EditorView({
      root: shadow,
      parent,
      state: EditorState.create({
        doc: initial,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          markdown(),
          EditorView.lineWrapping,
          EditorState.readOnly.of(readOnly),
          keymap.of([
            {
              key: 'Mod-s',
              preventDefault: true,
              run: () => {
                handlers.current.onSave()
                return true
              }
            },
            ...defaultKeymap,
            ...historyKeymap
          ]),
          // tabindex: the text is already one tab stop; said aloud, so axe sees the scrolling
          // editor can be reached by keyboard (it does not count contenteditable alone).
          EditorView.contentAttributes.of({
            'aria-label': label,
            'aria-multiline': 'true',
            tabindex: '0'
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString())
          }),
          editorTheme
        ]
      })
    })
    if (startSpot) {
      const clamp = (n: number) => Math.max(0, Math.min(n, view.state.doc.length))
      view.dispatch({
        selection: EditorSelection.single(clamp(startSpot.anchor), clamp(startSpot.head))
      })
      // After layout, or the browser clamps the scroll to a not-yet-measured height.
      const top = startSpot.scrollTop
      view.scrollDOM.scrollTop = top
      view.requestMeasure({
        read: () => undefined,
        write: () => void (view.scrollDOM.scrollTop = top)
      })
    }
    if (controllerRef) {
      controllerRef.current = {
        replaceText(text) {
          const current = view.state.doc.toString()
          if (current === text) return
          // Someone else's text: not a step the user's undo should walk back through.
          view.dispatch({
            changes: minimalChange(current, text),
            annotations: Transaction.addToHistory.of(false)
          })
        }
      }
    }
    return () => {
      const { anchor, head } = view.state.selection.main
      handlers.current.onLeave?.({ anchor, head, scrollTop: view.scrollDOM.scrollTop })
      if (controllerRef) controllerRef.current = null
      view.destroy()
    }
    // The editor owns its text between docKeys; re-creating on every keystroke would lose the cursor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [docKey])

  return <div ref={host} className="h-full min-h-0 overflow-hidden" />
}

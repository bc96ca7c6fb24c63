import { useEffect, useRef } from 'react'
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { markdown } from '@codemirror/lang-markdown'
import { EditorState } from '@codemirror/state'
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers
} from '@codemirror/view'

interface Props {
  /** The text to start from; a new docKey replaces the document with it. */
  initial: string
  docKey: string
  label: string
  onChange(text: string): void
  onSave(): void
  /** Shown but not editable (e.g. only the first part of a huge file). */
  readOnly?: boolean
}

// CodeMirror's styles go through style-mod, which writes a <style> tag into a document (blocked by
// the strict CSP) but adoptedStyleSheets (CSSOM, allowed) into a shadow root: so it lives in one.
// The theme's CSS variables inherit across the shadow boundary.
const theme = EditorView.theme({
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
export function CodeEditor({ initial, docKey, label, onChange, onSave, readOnly = false }: Props) {
  const host = useRef<HTMLDivElement>(null)
  const handlers = useRef({ onChange, onSave })
  useEffect(() => {
    handlers.current = { onChange, onSave }
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
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString())
          }),
          theme
        ]
      })
    })
    return () => view.destroy()
    // The editor owns its text between docKeys; re-creating on every keystroke would lose the cursor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [docKey])

  return <div ref={host} className="h-full min-h-0 overflow-hidden" />
}

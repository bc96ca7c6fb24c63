import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Check, Copy, WrapText, X } from 'lucide-react'
import { copyText } from '../../../lib/clipboard'

export function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(textOf).join('')
  if (node && typeof node === 'object' && 'props' in node)
    return textOf((node.props as { children?: ReactNode }).children)
  return ''
}

/** Whether the block has more than it shows (then the keyboard must be able to scroll it). */
function useScrollable(wrap: boolean, content: ReactNode) {
  const ref = useRef<HTMLPreElement>(null)
  const [scrollable, setScrollable] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () =>
      setScrollable(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
    // Measured in the next frame, not in this effect: reading sizes here forced the layout of
    // the new content inside React's commit (a saved answer's code blocks made that one long task).
    const frame = requestAnimationFrame(measure)
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
    }
    // The code changes while a reply streams: a longer line need not resize the box.
  }, [wrap, content])
  return { ref, scrollable }
}

/**
 * A fenced code block: its language, "Wrap lines" and "Copy" always shown (and in the tab order),
 * and the code itself focusable while it has more than it shows, so arrow keys can scroll it.
 */
export function CodeBlock({
  children,
  language
}: {
  children?: ReactNode
  language: string | null
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const [wrap, setWrap] = useState(false)
  const { ref, scrollable } = useScrollable(wrap, children)
  const copy = () =>
    copyText(textOf(children).replace(/\n$/, ''))
      .then(
        () => setCopied('yes'),
        () => setCopied('failed') // the code stays selectable: copying by hand still works
      )
      .finally(() => setTimeout(() => setCopied(null), 2000))
  return (
    <div role="group" aria-label={language ? `${language} code` : 'Code'} className="my-2">
      <div className="flex items-end gap-1">
        <span className={language ? 'code-language mr-auto' : 'mr-auto'}>{language ?? ''}</span>
        <button
          type="button"
          aria-pressed={wrap}
          className="code-action"
          title={wrap ? 'Lines wrap: press for one line each, scrolling sideways' : undefined}
          onClick={() => setWrap((w) => !w)}
        >
          <WrapText size={13} aria-hidden />
          Wrap lines
        </button>
        <button
          type="button"
          className="code-action"
          title={
            copied === 'failed' ? 'Could not copy: select the code and copy it by hand' : undefined
          }
          onClick={() => void copy()}
        >
          {copied === 'yes' ? (
            <Check size={13} aria-hidden />
          ) : copied === 'failed' ? (
            <X size={13} aria-hidden />
          ) : (
            <Copy size={13} aria-hidden />
          )}
          {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
      </div>
      <pre
        ref={ref}
        tabIndex={scrollable ? 0 : undefined}
        className={`overflow-auto rounded-control border border-line bg-sunken p-3 font-mono text-[13px] focus-visible:outline-2 focus-visible:outline-focus ${wrap ? 'whitespace-pre-wrap break-words' : ''}`}
      >
        {children}
      </pre>
    </div>
  )
}

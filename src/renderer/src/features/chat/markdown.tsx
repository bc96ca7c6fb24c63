import { memo, useState, type ReactNode } from 'react'
import { Check, Copy, X } from 'lucide-react'
import ReactMarkdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { copyText } from '../../lib/clipboard'
import { ExternalLink } from './external-link'
import { rehypeCodeHighlight } from './highlight-code'
import { splitBlocks } from './markdown-blocks'

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(textOf).join('')
  if (node && typeof node === 'object' && 'props' in node)
    return textOf((node.props as { children?: ReactNode }).children)
  return ''
}

function CodeBlock({ children }: { children?: ReactNode }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  return (
    <div className="group relative my-2">
      <pre className="overflow-auto rounded-control border border-line bg-sunken p-3 font-mono text-[13px]">
        {children}
      </pre>
      <button
        type="button"
        aria-label={
          copied === 'yes'
            ? 'Copied'
            : copied === 'failed'
              ? 'Could not copy: select the code and copy it by hand'
              : 'Copy code'
        }
        title={
          copied === 'failed' ? 'Could not copy: select the code and copy it by hand' : undefined
        }
        className="absolute top-1.5 right-1.5 rounded p-1.5 text-muted opacity-0 group-hover:opacity-100 hover:bg-fg/10 focus-visible:opacity-100"
        onClick={() =>
          copyText(textOf(children).replace(/\n$/, ''))
            .then(
              () => setCopied('yes'),
              () => setCopied('failed') // the code stays selectable: copying by hand still works
            )
            .finally(() => setTimeout(() => setCopied(null), 2000))
        }
      >
        {copied === 'yes' ? (
          <Check size={14} aria-hidden />
        ) : copied === 'failed' ? (
          <X size={14} aria-hidden />
        ) : (
          <Copy size={14} aria-hidden />
        )}
      </button>
    </div>
  )
}

const components: Components = {
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
  a: ({ children, href }) => <ExternalLink href={href}>{children}</ExternalLink>
}

const REMARK = [remarkGfm]
const REHYPE = [rehypeCodeHighlight]

/** Claude's markdown with GitHub extensions; code highlighted by class names only (CSP-safe). */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={REMARK} rehypePlugins={REHYPE} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  )
})

/** One block of a streaming reply: a finished block is parsed (and highlighted) once. */
const StreamedBlock = memo(function StreamedBlock({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={REMARK} rehypePlugins={REHYPE} components={components}>
      {text}
    </ReactMarkdown>
  )
})

/**
 * A reply as it streams in. Text only grows at the end, so every block but the last is final:
 * each frame re-parses only the last block, not the whole reply (the saved message is rendered
 * whole by `Markdown`).
 */
export function StreamingMarkdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      {splitBlocks(text).map((block, i) => (
        <StreamedBlock key={i} text={block} />
      ))}
    </div>
  )
}

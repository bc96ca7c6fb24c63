import { Fragment, memo, useMemo, type ReactNode } from 'react'
import type { Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { CodeBlock } from './code-block'
import { ExternalLink } from './external-link'
import { useLazyModule } from '../../../lib/lazy/lazy-module'
import { highlighter, mayHaveCode, rehypeCodeHighlight } from './highlight-code'
import { savedBlocks, splitBlocks } from './markdown-blocks'
import { renderMarkdown, type MarkdownPlugins } from './markdown-cache'
import { mayHaveMath, prepareMath } from './math-text'
import { useMath, type Plugins } from './use-math'

/** The fence's language (`language-ts` class on the code element), shown above the block. */
function languageOf(children: ReactNode): string | null {
  const code = Array.isArray(children) ? children[0] : children
  if (!code || typeof code !== 'object' || !('props' in code)) return null
  const classes = String((code.props as { className?: string }).className ?? '')
  return /(?:^|\s)language-([\w+#.-]+)/.exec(classes)?.[1] ?? null
}

/** Exported for the tests that compare block-by-block parsing with the whole text's. */
export const components: Components = {
  pre: ({ children }) => <CodeBlock language={languageOf(children)}>{children}</CodeBlock>,
  a: ({ children, href }) => <ExternalLink href={href}>{children}</ExternalLink>,
  // GFM task lists render read-only checkboxes with no name; say what each one means.
  input: ({ node: _node, ...props }) =>
    props.type === 'checkbox' ? (
      <input {...props} aria-label={props.checked ? 'Done' : 'Not done'} />
    ) : (
      <input {...props} />
    )
}

const REMARK = [remarkGfm]
const NONE: Plugins = []

/**
 * The plugins for `text`: math once KaTeX has loaded, highlighting once the grammars have (each
 * on first use, in chunks of their own); plain markdown until then.
 */
function usePlugins(text: string): MarkdownPlugins {
  const math = useMath(mayHaveMath(text))
  const lowlight = useLazyModule(highlighter, mayHaveCode(text))
  return useMemo(() => {
    const code: Plugins = lowlight ? [[rehypeCodeHighlight, { lowlight }]] : NONE
    return math
      ? { remark: [...REMARK, ...math.remark], rehype: math.rehype, code, math: true }
      : { remark: REMARK, rehype: NONE, code, math: false }
  }, [math, lowlight])
}

const MarkdownBlock = memo(function MarkdownBlock({
  text,
  plugins
}: {
  text: string
  plugins: MarkdownPlugins
}) {
  return renderMarkdown(plugins.math ? prepareMath(text) : text, plugins, components)
})

/**
 * Claude's markdown with GitHub extensions and math; code highlighted by class names only (CSP-safe).
 * Parsed block by block where that gives the same DOM as the whole text (savedBlocks): a reply
 * that just streamed in has every block parsed already.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const plugins = usePlugins(text)
  const blocks = plugins.math ? null : savedBlocks(text)
  return (
    <div className="markdown">
      {blocks ? (
        blocks.map((block, i) => (
          <Fragment key={i}>
            {i > 0 ? '\n' : null}
            <MarkdownBlock text={block} plugins={plugins} />
          </Fragment>
        ))
      ) : (
        <MarkdownBlock text={text} plugins={plugins} />
      )}
    </div>
  )
})

/**
 * A reply as it streams in. Text only grows at the end, so every block but the last is final:
 * each frame re-parses only the last block, not the whole reply (the saved message is rendered
 * whole by `Markdown`).
 */
export function StreamingMarkdown({ text }: { text: string }) {
  const plugins = usePlugins(text)
  return (
    <div className="markdown">
      {splitBlocks(text).map((block, i) => (
        <MarkdownBlock key={i} text={block} plugins={plugins} />
      ))}
    </div>
  )
}

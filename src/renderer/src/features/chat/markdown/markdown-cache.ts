import { type ReactElement } from 'react'
import parseMarkdown, { type Components } from 'react-markdown'
import { mayHaveCode } from './highlight-code'
import type { Plugins } from './use-math'

/** What a block is parsed with (markdown.tsx builds it once the lazy parts have loaded). */
export interface MarkdownPlugins {
  remark: Plugins
  /** Math's rehype plugins (none until KaTeX is in). */
  rehype: Plugins
  /** Code highlighting, once the grammars are in. */
  code: Plugins
  /** KaTeX is in: the text's math delimiters are prepared for it. */
  math: boolean
}

/*
 * Parsed markdown (react-markdown's pure render: text in, elements out), kept by text. A streamed
 * reply parses its blocks as they finish; when the saved message replaces the live one, its blocks
 * are the same texts and need no parse again. Without it that swap parsed and highlighted the
 * whole answer in one task (the longest task while streaming, issue 26).
 */
const LIMIT = 400
const cache = new Map<string, ReactElement>()

export function renderMarkdown(
  text: string,
  plugins: MarkdownPlugins,
  components: Components
): ReactElement {
  // Highlighting changes only fenced code with a language: other blocks keep their parse when
  // the grammars arrive.
  const highlight = plugins.code.length > 0 && mayHaveCode(text)
  const key = `${plugins.math ? 'm' : '-'}${highlight ? 'c' : '-'}${text}`
  const found = cache.get(key)
  if (found) {
    cache.delete(key) // most recently used last: the oldest go first
    cache.set(key, found)
    return found
  }
  const element = parseMarkdown({
    children: text,
    remarkPlugins: plugins.remark,
    rehypePlugins: highlight ? [...plugins.rehype, ...plugins.code] : plugins.rehype,
    components
  })
  cache.set(key, element)
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value!)
  return element
}

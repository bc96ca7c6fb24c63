import type { createLowlight } from 'lowlight'
import { lazyModule } from '../../../lib/lazy/lazy-module'

/*
 * Highlights fenced code (```ts …) with class names only (CSP-safe: no inline styles). The
 * grammars load on first use; until then code shows plain, in the same box and font.
 */

export type Lowlight = ReturnType<typeof createLowlight>

/** lowlight with the common grammars, from its own chunk. */
export const highlighter = lazyModule(() =>
  import('./lowlight-common').then((module) => module.lowlight)
)

/**
 * Whether `text` may hold a fenced block with a language (``` or ~~~ then a name), the only code
 * this highlights. Loose on purpose (fences in lists and quotes too): a false yes only loads early.
 */
export function mayHaveCode(text: string): boolean {
  return /(?:`{3,}|~{3,})[ \t]*[\w+#.-]/.test(text)
}

/** The parts of a hast node this needs (text nodes have `value`, elements the rest). */
export interface HastNode {
  type: string
  tagName?: string
  value?: string
  properties?: { className?: unknown }
  children?: HastNode[]
}

function languageOf(code: HastNode): string | null {
  const classes = code.properties?.className
  for (const name of Array.isArray(classes) ? classes : [])
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice(9)
  return null
}

function textOf(node: HastNode): string {
  return node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('')
}

function visit(lowlight: Lowlight, node: HastNode, parent: HastNode | null): void {
  const isCodeInPre = node.tagName === 'code' && parent?.tagName === 'pre'
  const language = isCodeInPre ? languageOf(node) : null
  if (language && lowlight.registered(language)) {
    node.children = lowlight.highlight(language, textOf(node)).children as HastNode[]
    const classes = node.properties?.className
    node.properties = {
      ...node.properties,
      className: ['hljs', ...(Array.isArray(classes) ? classes : [])]
    }
    return
  }
  for (const child of node.children ?? []) visit(lowlight, child, node)
}

/** The rehype plugin: code in an unknown language stays plain. */
export function rehypeCodeHighlight({ lowlight }: { lowlight: Lowlight }) {
  return (tree: HastNode): void => visit(lowlight, tree, null)
}

import { common, createLowlight } from 'lowlight'

/*
 * Highlights fenced code (```ts …) with class names only (CSP-safe: no inline styles), through one
 * lowlight instance for the whole app. rehype-highlight builds a new instance, and so recompiles
 * every grammar it uses, on each render of each message.
 */
const lowlight = createLowlight(common)

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

function visit(node: HastNode, parent: HastNode | null): void {
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
  for (const child of node.children ?? []) visit(child, node)
}

/** The rehype plugin: code in an unknown language stays plain. */
export function rehypeCodeHighlight() {
  return (tree: HastNode): void => visit(tree, null)
}

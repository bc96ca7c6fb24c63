import { describe, expect, it } from 'vitest'
import { mayHaveCode, rehypeCodeHighlight, type HastNode } from './highlight-code'
import { lowlight } from './lowlight-common'

const code = (className: string[], text: string): HastNode => ({
  type: 'element',
  tagName: 'code',
  properties: { className },
  children: [{ type: 'text', value: text }]
})
const pre = (child: HastNode): HastNode => ({
  type: 'element',
  tagName: 'pre',
  properties: {},
  children: [child]
})

describe('rehypeCodeHighlight', () => {
  it('turns fenced code in a known language into hljs spans, keeping the text', () => {
    const block = code(['language-ts'], 'const a = "x"')
    rehypeCodeHighlight({ lowlight })({ type: 'root', children: [pre(block)] })
    expect(block.properties?.className).toEqual(['hljs', 'language-ts'])
    const html = JSON.stringify(block.children)
    expect(html).toContain('hljs-keyword')
    expect(html).toContain('hljs-string')
    const text = (n: HastNode): string => n.value ?? (n.children ?? []).map((c) => text(c)).join('')
    expect(text(block)).toBe('const a = "x"')
  })

  it('leaves inline code, unknown languages and unlabelled blocks alone', () => {
    const inline = code(['language-ts'], 'let x')
    const unknown = code(['language-nope'], 'let x')
    const plain = code([], 'let x')
    const tree: HastNode = {
      type: 'root',
      children: [
        { type: 'element', tagName: 'p', properties: {}, children: [inline] },
        pre(unknown),
        pre(plain)
      ]
    }
    const before = JSON.stringify(tree)
    rehypeCodeHighlight({ lowlight })(tree)
    expect(JSON.stringify(tree)).toBe(before)
  })

  it('loads the grammars only for text with a fenced block that names a language', () => {
    expect(mayHaveCode('```ts\nconst a = 1\n```')).toBe(true)
    expect(mayHaveCode('- a list\n  ~~~ python\n  print(1)\n  ~~~')).toBe(true)
    expect(mayHaveCode('Plain text with `inline code` only.')).toBe(false)
    expect(mayHaveCode('```\nno language\n```')).toBe(false)
  })
})

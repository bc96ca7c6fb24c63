import { render } from '@testing-library/react'
import ReactMarkdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { highlighter, rehypeCodeHighlight, type Lowlight } from './highlight-code'
import { components, Markdown, StreamingMarkdown } from './markdown'
import { savedBlocks } from './markdown-blocks'

// Counts react-markdown's parses (each call parses its text once).
const parses = vi.hoisted(() => ({ count: 0 }))
vi.mock('react-markdown', async (importOriginal) => {
  const real = await importOriginal<typeof import('react-markdown')>()
  return {
    ...real,
    default: (options: Parameters<typeof real.default>[0]) => {
      parses.count++
      return real.default(options)
    }
  }
})

let lowlight: Lowlight
beforeAll(async () => {
  lowlight = await highlighter.load() // loaded first: both renders below highlight alike
})

/** The saved message as the whole text parses, the way Markdown rendered it before blocks. */
function wholeHtml(text: string): string {
  const { container } = render(
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[[rehypeCodeHighlight, { lowlight }]]}
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  )
  const html = container.innerHTML
  container.remove()
  return html
}

const SAMPLES = {
  rich:
    '## Plan\n\nSome **bold**, `code` and a [link](https://example.com).\n\n- one\n- two\n\n' +
    '| Day | Idea |\n| --- | --- |\n| 1 | Walk |\n\n```ts\nconst a = 1\n\nconst b = 2\n```\n\nThe end.',
  looseList: 'Intro\n\n- first\n\n- second\n\n  still second\n\n- third\n\nAfter.',
  orderedLoose: '1. one\n\n2. two\n\n10. ten\n\nText\n\n3. starts at three',
  nested: '- a\n\n  - nested\n\n    deeper para\n\n- b\n\n* other bullet\n\n---\n\nEnd',
  indentedCode: 'Para\n\n    code one\n\n    code two\n\nAfter',
  quotes: '> quoted\n\n> another quote\n\n>\n> - in quote\n\nText',
  tasks: '- [ ] todo\n- [x] done\n\n1) paren list\n\n2) second',
  leadingBlank: '\n\n\nHello\n\n\n\nWorld\n\n',
  fenceInList: '- item\n\n  ```ts\n  let x = 1\n\n  x++\n  ```\n\n- next',
  setext: 'Title\n=====\n\nSub\n---\n\n***\n\n* * *\n\ntext',
  unclosedFence: 'Start\n\n```py\nprint(1)\n\nprint(2)',
  strike: '~~gone~~ and https://auto.link/x here\n\nwww.example.com'
}

describe('Markdown for a saved message, parsed block by block', () => {
  it.each(Object.entries(SAMPLES))('gives the same DOM as the whole text (%s)', (_, text) => {
    expect(savedBlocks(text)).not.toBeNull()
    const { container } = render(<Markdown text={text} />)
    expect(container.innerHTML).toBe(wholeHtml(text))
  })

  it('parses the whole text when a block reaches others (definitions, footnotes, HTML)', () => {
    for (const text of [
      'See [the docs][d].\n\nMore.\n\n[d]: https://example.com',
      'A note[^1].\n\nMore.\n\n[^1]: The note.',
      '<details>\n\nhidden\n\n</details>'
    ]) {
      expect(savedBlocks(text)).toBeNull()
      const { container } = render(<Markdown text={text} />)
      expect(container.innerHTML).toBe(wholeHtml(text))
    }
  })

  it('keeps a paragraph and the list after it apart, and joins a loose list', () => {
    expect(savedBlocks('Text\n\n- a\n- b\n\nEnd')).toEqual(['Text\n\n', '- a\n- b\n\n', 'End'])
    expect(savedBlocks('- a\n\n- b\n\nEnd')).toEqual(['- a\n\n- b\n\n', 'End'])
  })

  it('does not parse again the blocks a streamed reply already parsed', () => {
    // Unique text: nothing from the tests above is in the cache.
    const text =
      `## Answer ${Math.random()}\n\nSome **bold** text.\n\n- one\n- two\n\n` +
      '```ts\nconst trip = "Lyon"\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nThe end.'
    const stream = render(<StreamingMarkdown text={text.slice(0, 30)} />)
    stream.rerender(<StreamingMarkdown text={text.slice(0, 70)} />)
    stream.rerender(<StreamingMarkdown text={text} />)
    stream.unmount() // the saved message replaces the live one
    parses.count = 0
    const { container } = render(<Markdown text={text} />)
    expect(container.textContent).toContain('The end.')
    expect(parses.count).toBe(0)
  })
})

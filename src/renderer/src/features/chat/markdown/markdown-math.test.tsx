import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Markdown, StreamingMarkdown } from './markdown'

describe('Markdown with math', () => {
  it('renders inline and display math with KaTeX once it has loaded', async () => {
    const { container } = render(
      <Markdown text={'Energy: $E = mc^2$\n\n$$\n\\int_0^1 x\\,dx\n$$\n\nPrice $5 stays.'} />
    )
    await waitFor(() => expect(container.querySelectorAll('.katex').length).toBe(2))
    expect(container.querySelector('.katex-display')).not.toBeNull()
    // MathML for screen readers, the annotation keeps the source
    expect(container.querySelector('annotation')?.textContent).toBe('E = mc^2')
    expect(container.textContent).toContain('Price $5 stays.')
  })

  it('shows a formula KaTeX cannot parse as its source, not a broken message', async () => {
    const { container } = render(<Markdown text={'Bad: $\\frac{1}{$ end'} />)
    await waitFor(() => expect(container.querySelector('.katex-error')).not.toBeNull())
    expect(container.textContent).toContain('end')
  })

  it('renders math while a reply streams', async () => {
    const { container } = render(<StreamingMarkdown text={'First\n\nThen $a^2 + b^2$'} />)
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull())
  })

  it('labels a fenced code block with its language', () => {
    render(<Markdown text={'```python\nprint(1)\n```'} />)
    expect(screen.getByText('python').classList.contains('code-language')).toBe(true)
  })

  it('adds no label to a fence without a language', () => {
    const { container } = render(<Markdown text={'```\nplain\n```'} />)
    expect(container.querySelector('.code-language')).toBeNull()
  })
})

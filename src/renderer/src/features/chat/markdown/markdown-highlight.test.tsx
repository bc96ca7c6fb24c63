import { render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Markdown } from './markdown'

describe('Markdown code highlighting (grammars loaded on first use)', () => {
  it('shows the code at once and colours it when the grammars arrive, text unchanged', async () => {
    const { container } = render(<Markdown text={'```ts\nconst trip = "Lyon"\n```'} />)
    const code = () => container.querySelector('pre code')
    expect(code()?.textContent).toBe('const trip = "Lyon"\n')
    await waitFor(() => expect(container.querySelector('.hljs-keyword')).not.toBeNull())
    expect(code()?.classList.contains('hljs')).toBe(true)
    expect(code()?.textContent).toBe('const trip = "Lyon"\n')
  })
})

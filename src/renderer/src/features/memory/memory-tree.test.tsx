import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { MemoryEntry } from '@shared/memory/memory'
import { installFakeMain } from '../../test/fake-main'
import { MemoryTree } from './memory-tree'
import { useMemoryData } from './use-memory-data'

const now = Date.now()
const entries: MemoryEntry[] = [
  {
    path: '/memories/about.md',
    kind: 'file',
    size: 2048,
    modified: now - 120_000,
    accessed: now - 30_000,
    overCap: false,
    pinned: true
  },
  { path: '/memories/projects', kind: 'dir', size: 0, overCap: false, pinned: false },
  {
    path: '/memories/projects/old.md',
    kind: 'file',
    size: 12,
    modified: now - 86_400_000 * 40,
    overCap: true,
    pinned: false,
    expiresAt: now + 86_400_000 * 3
  }
]

describe('MemoryTree', () => {
  it('shows size, times, pinned state, expiry and cap badges, and selects a file', async () => {
    const onSelect = vi.fn()
    render(
      <MemoryTree
        entries={entries}
        selected="/memories/about.md"
        fresh={new Set()}
        onSelect={onSelect}
      />
    )
    const list = screen.getByRole('list', { name: 'Memory files' })
    const about = within(list).getByRole('button', { name: /^about\.md/ })
    expect(about.getAttribute('aria-current')).toBe('true')
    expect(about.textContent).toContain('2 KB')
    expect(about.textContent).toContain('modified 2 min ago')
    expect(within(about).getByLabelText('pinned')).toBeTruthy()
    expect(about.textContent).not.toContain('expires')

    const old = within(list).getByRole('button', { name: /^old\.md/ })
    expect(old.textContent).toContain('expires in 3 days')
    expect(old.textContent).toContain('over cap')
    expect(list.textContent).toContain('projects/')

    await userEvent.setup().click(old)
    expect(onSelect).toHaveBeenCalledWith('/memories/projects/old.md')
  })

  it('shows a read time only when Claude or the user read the file', () => {
    render(
      <MemoryTree
        entries={[
          { ...entries[0]!, pinned: false, accessed: now - 10_000, read: now - 3 * 86_400_000 },
          { ...entries[2]!, accessed: now - 10_000 }
        ]}
        selected={null}
        fresh={new Set()}
        onSelect={() => undefined}
      />
    )
    expect(screen.getByRole('button', { name: /^about\.md/ }).textContent).toContain(
      'read 3 days ago'
    )
    const old = screen.getByRole('button', { name: /^old\.md/ })
    expect(old.textContent).toContain('no read recorded')
    expect(old.textContent).not.toContain('just now')
  })

  it('marks a file that just changed', () => {
    render(
      <MemoryTree
        entries={entries}
        selected={null}
        fresh={new Set(['/memories/about.md'])}
        onSelect={() => undefined}
      />
    )
    expect(screen.getByRole('button', { name: /^about\.md/ }).className).toContain('memory-fresh')
  })

  it('shows a name Claude cannot use escaped, says why, and does not offer to open it', () => {
    render(
      <MemoryTree
        entries={[
          {
            path: '/memories/evil\nsize\t-x.md\u202e.md',
            kind: 'file',
            size: 5,
            overCap: false,
            pinned: false,
            unreachable: 'contains NUL or control characters'
          }
        ]}
        selected={null}
        fresh={new Set()}
        onSelect={vi.fn()}
      />
    )
    const list = screen.getByRole('list', { name: 'Memory files' })
    expect(within(list).queryByRole('button')).toBeNull()
    expect(list.textContent).toContain('evil\\nsize\\t')
    expect(list.textContent).toContain('\\u{202E}')
    expect(list.textContent).not.toMatch(/[\n\t\u202e]/)
    expect(list.textContent).toContain(
      "Claude can't use this name (contains NUL or control characters)"
    )
    expect(list.textContent).toContain('Rename it in your file manager')
  })
})

/** The tree as the inspector wires it: pages from memory:list, "Show more" for the next. */
function PagedTree() {
  const data = useMemoryData()
  if (!data.entries) return <p>Loading…</p>
  return (
    <MemoryTree
      entries={data.entries}
      selected={null}
      fresh={data.fresh}
      onSelect={() => undefined}
      total={data.total}
      onMore={data.loadMore}
    />
  )
}

describe('MemoryTree in pages', () => {
  it('asks main for one page, then the next one when "Show more" is pressed', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 620 }, (_, n) => [`/memories/n${String(n).padStart(3, '0')}.md`, 'x'])
    )
    const main = installFakeMain({ memory: files })
    render(<PagedTree />)
    const more = await screen.findByRole(
      'button',
      { name: /^Show more \(120 not shown\)/ },
      { timeout: 10_000 }
    )
    expect(screen.getAllByRole('button', { name: /^n\d+\.md/ })).toHaveLength(500)
    await userEvent.setup().click(more)
    await waitFor(
      () => expect(screen.getAllByRole('button', { name: /^n\d+\.md/ })).toHaveLength(620),
      { timeout: 10_000 }
    )
    expect(screen.queryByRole('button', { name: /^Show more/ })).toBeNull()
    expect(main.callsTo('memory:list')).toEqual([
      { limit: 500 },
      { cursor: '/memories/n499.md', limit: 500 }
    ])
  }, 30_000)
})

import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentProps } from 'react'
import { VirtuosoMockContext } from 'react-virtuoso'
import { beforeEach, describe, expect, it, vi } from 'vitest'
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

const file = (path: string): MemoryEntry => ({
  path,
  kind: 'file',
  size: 10,
  overCap: false,
  pinned: false
})
const dir = (path: string): MemoryEntry => ({ ...file(path), kind: 'dir', size: 0 })

/** Happy-dom lays nothing out: Virtuoso is told the viewport and row heights instead. */
function renderTree(props: Partial<ComponentProps<typeof MemoryTree>> = {}) {
  const all: ComponentProps<typeof MemoryTree> = {
    entries,
    selected: null,
    fresh: new Set(),
    onSelect: () => undefined,
    ...props
  }
  return render(<MemoryTree {...all} />, {
    wrapper: ({ children }) => (
      <VirtuosoMockContext.Provider value={{ viewportHeight: 560, itemHeight: 28 }}>
        {children}
      </VirtuosoMockContext.Provider>
    )
  })
}

const tree = () => screen.getByRole('tree', { name: 'Memory files' })
const item = (name: string) =>
  within(tree()).getByRole('treeitem', { name: new RegExp(`^${name}`) })
const names = () =>
  within(tree())
    .getAllByRole('treeitem')
    .map((el) => el.querySelector('.truncate')?.textContent)

beforeEach(() => localStorage.clear())

describe('MemoryTree', () => {
  it('shows one line per entry with its size and pin; the rest is in its details', async () => {
    const onSelect = vi.fn()
    renderTree({ selected: '/memories/about.md', onSelect })
    const about = item('about\\.md')
    expect(about.getAttribute('aria-selected')).toBe('true')
    expect(about.textContent).toContain('2 KB')
    expect(within(about).getByLabelText('pinned')).toBeTruthy()
    expect(about.getAttribute('title')).toContain('modified 2 min ago')
    expect(about.getAttribute('title')).not.toContain('expires')

    const old = item('old\\.md')
    expect(within(old).getByLabelText('expires in 3 days')).toBeTruthy()
    expect(old.textContent).toContain('over cap')
    expect(old.getAttribute('title')).toContain('expires in 3 days')
    const projects = item('projects')
    expect(projects.getAttribute('aria-expanded')).toBe('true')
    expect(projects.getAttribute('aria-level')).toBe('1')
    expect(old.getAttribute('aria-level')).toBe('2')

    await userEvent.setup().click(old)
    expect(onSelect).toHaveBeenCalledWith('/memories/projects/old.md')
    // The focused row's details show under the list and describe it.
    expect(old.getAttribute('aria-describedby')).toBeTruthy()
    const details = document.getElementById(old.getAttribute('aria-describedby')!)
    expect(details?.textContent).toContain('over the per-file cap')
  })

  it('shows a read time only when Claude or the user read the file', () => {
    renderTree({
      entries: [
        { ...entries[0]!, pinned: false, accessed: now - 10_000, read: now - 3 * 86_400_000 },
        { ...entries[2]!, accessed: now - 10_000 }
      ]
    })
    expect(item('about\\.md').getAttribute('title')).toContain('read 3 days ago')
    const old = item('old\\.md')
    // No read: nothing said about reads (not "read just now", not "no read recorded").
    expect(old.getAttribute('title')).toContain('modified')
    expect(old.getAttribute('title')).not.toMatch(/read/)
  })

  it('marks a file that just changed', () => {
    renderTree({ fresh: new Set(['/memories/about.md']) })
    expect(item('about\\.md').className).toContain('memory-fresh')
  })

  it('shows a name Claude cannot use escaped, says why, and does not offer to open it', async () => {
    const onSelect = vi.fn()
    renderTree({
      entries: [
        {
          path: '/memories/evil\nsize\t-x.md\u202e.md',
          kind: 'file',
          size: 5,
          overCap: false,
          pinned: false,
          unreachable: 'contains NUL or control characters'
        }
      ],
      onSelect
    })
    const row = within(tree()).getByRole('treeitem')
    expect(row.getAttribute('aria-disabled')).toBe('true')
    expect(tree().textContent).toContain('evil\\nsize\\t')
    expect(tree().textContent).toContain('\\u{202E}')
    expect(tree().textContent).not.toMatch(/[\n\t\u202e]/)
    expect(row.getAttribute('title')).toContain(
      "Claude can't use this name (contains NUL or control characters)"
    )
    expect(row.getAttribute('title')).toContain('Rename it in your file manager')
    await userEvent.setup().click(row)
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('sorts names naturally, folders first (main sends plain name order)', () => {
    renderTree({
      entries: [
        file('/memories/Zebra.md'),
        file('/memories/topic-1.md'),
        file('/memories/topic-10.md'),
        file('/memories/topic-11.md'),
        file('/memories/topic-2.md'),
        dir('/memories/notes'),
        file('/memories/notes/day-12.md'),
        file('/memories/notes/day-3.md'),
        file('/memories/apple.md')
      ]
    })
    expect(names()).toEqual([
      'notes',
      'day-3.md',
      'day-12.md',
      'apple.md',
      'topic-1.md',
      'topic-2.md',
      'topic-10.md',
      'topic-11.md',
      'Zebra.md'
    ])
    const day3 = item('day-3\\.md')
    expect([day3.getAttribute('aria-posinset'), day3.getAttribute('aria-setsize')]).toEqual([
      '1',
      '2'
    ])
  })

  it('folds a folder and remembers it after the tree is shown again', async () => {
    const user = userEvent.setup()
    const shown = renderTree()
    await user.click(item('projects'))
    expect(item('projects').getAttribute('aria-expanded')).toBe('false')
    expect(within(tree()).queryByRole('treeitem', { name: /^old\.md/ })).toBeNull()
    shown.unmount()

    renderTree()
    expect(item('projects').getAttribute('aria-expanded')).toBe('false')
    expect(within(tree()).queryByRole('treeitem', { name: /^old\.md/ })).toBeNull()
    await user.click(item('projects'))
    expect(item('old\\.md')).toBeTruthy()
  })

  it('opens the folders above a file chosen elsewhere', () => {
    localStorage.setItem('cairn.memory-tree.collapsed', JSON.stringify(['/memories/projects']))
    renderTree({ selected: '/memories/projects/old.md' })
    expect(item('projects').getAttribute('aria-expanded')).toBe('true')
    expect(item('old\\.md').getAttribute('tabindex')).toBe('0')
  })

  it('moves with the arrow keys, Home and End as a file tree does; Enter opens a file', async () => {
    const onSelect = vi.fn()
    const user = userEvent.setup()
    renderTree({
      entries: [
        dir('/memories/a'),
        file('/memories/a/inner.md'),
        dir('/memories/b'),
        file('/memories/b/deep.md'),
        file('/memories/top.md')
      ],
      onSelect
    })
    // One row is in the tab order (roving tabindex): the first.
    expect(
      within(tree())
        .getAllByRole('treeitem')
        .filter((el) => el.tabIndex === 0)
    ).toHaveLength(1)
    await user.tab()
    expect(document.activeElement).toBe(item('a'))
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(item('inner\\.md'))
    await user.keyboard('{ArrowLeft}') // to the parent
    expect(document.activeElement).toBe(item('a'))
    await user.keyboard('{ArrowLeft}') // closes it
    expect(item('a').getAttribute('aria-expanded')).toBe('false')
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(item('b'))
    await user.keyboard('{ArrowRight}') // open already: into it
    expect(document.activeElement).toBe(item('deep\\.md'))
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(item('top\\.md'))
    expect(item('top\\.md').tabIndex).toBe(0)
    await user.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledWith('/memories/top.md')
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(item('a'))
    await user.keyboard('{ArrowRight}') // closed: opens
    expect(item('a').getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement).toBe(item('a'))
  })

  it('jumps to the next name that starts with what is typed', async () => {
    const user = userEvent.setup()
    renderTree({
      entries: [
        file('/memories/alpha.md'),
        file('/memories/tea.md'),
        file('/memories/topic-1.md'),
        file('/memories/topic-2.md')
      ]
    })
    await user.tab()
    await user.keyboard('t')
    expect(document.activeElement).toBe(item('tea\\.md'))
    await user.keyboard('t') // the same letter again: the next name with it
    expect(document.activeElement).toBe(item('topic-1\\.md'))
    await user.keyboard('{Home}')
    await user.keyboard('top')
    expect(document.activeElement).toBe(item('topic-1\\.md'))
  })

  it('keeps only a window of rows in the DOM for 10,000 files, and reaches the last', async () => {
    const many = Array.from({ length: 10_000 }, (_, n) => file(`/memories/note-${n + 1}.md`))
    renderTree({ entries: many })
    const shown = within(tree()).getAllByRole('treeitem')
    expect(shown.length).toBeGreaterThan(10)
    expect(shown.length).toBeLessThan(100)
    expect(shown[0]?.getAttribute('aria-setsize')).toBe('10000')
    const user = userEvent.setup()
    await user.tab()
    await user.keyboard('{End}')
    await waitFor(() => expect(document.activeElement).toBe(item('note-10000\\.md')))
    expect(within(tree()).getAllByRole('treeitem').length).toBeLessThan(100)
  })
})

/** The tree as the inspector wires it: pages from memory:list, "Show more" for the next. */
function PagedTree() {
  const data = useMemoryData()
  if (!data.entries) return <p>Loading…</p>
  return (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 560, itemHeight: 28 }}>
      <MemoryTree
        entries={data.entries}
        selected={null}
        fresh={data.fresh}
        onSelect={() => undefined}
        total={data.total}
        onMore={data.loadMore}
      />
    </VirtuosoMockContext.Provider>
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
    const setSize = () =>
      within(tree()).getAllByRole('treeitem')[0]?.getAttribute('aria-setsize') ?? null
    expect(setSize()).toBe('500')
    await userEvent.setup().click(more)
    await waitFor(() => expect(setSize()).toBe('620'), { timeout: 10_000 })
    expect(screen.queryByRole('button', { name: /^Show more/ })).toBeNull()
    expect(main.callsTo('memory:list')).toEqual([
      { space: 'default', limit: 500 },
      { space: 'default', cursor: '/memories/n499.md', limit: 500 }
    ])
  }, 30_000)

  it('loads the next page by itself when the tree is scrolled to its end', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 620 }, (_, n) => [`/memories/n${String(n).padStart(3, '0')}.md`, 'x'])
    )
    const main = installFakeMain({ memory: files })
    render(<PagedTree />)
    const first = await screen.findByRole('treeitem', { name: /^n000\.md/ }, { timeout: 10_000 })
    first.focus()
    await userEvent.setup().keyboard('{End}')
    await waitFor(
      () =>
        expect(
          within(tree()).getAllByRole('treeitem')[0]?.getAttribute('aria-setsize') ?? null
        ).toBe('620'),
      { timeout: 10_000 }
    )
    expect(main.callsTo('memory:list')).toEqual([
      { space: 'default', limit: 500 },
      { space: 'default', cursor: '/memories/n499.md', limit: 500 }
    ])
  }, 30_000)
})

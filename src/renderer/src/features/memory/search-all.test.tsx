import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { VirtuosoMockContext } from 'react-virtuoso'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SearchAllResult } from '@shared/memory/across-spaces'
import type { MemorySearchFile } from '@shared/memory/search'
import { installFakeMain } from '../../test/fake-main'
import { MemoryView } from './memory-view'

const hit = (path: string): MemorySearchFile => ({
  path,
  nameRanges: [],
  lines: [{ line: 1, text: 'Lisbon in May', ranges: [[0, 6]] }],
  count: 1
})
const searched = (files: MemorySearchFile[], matchedFiles = files.length) => ({
  files,
  offset: 0,
  matchedFiles,
  searchedFiles: 40,
  skipped: 0
})

/** "No project" with one hit, Acme (p1) with 20 of 25 shown, Old (p2) whose folder is gone. */
const ANSWER: SearchAllResult = {
  spaces: [
    {
      space: 'default',
      name: 'No project',
      result: searched([hit('/memories/trip.md')]),
      failed: null
    },
    {
      space: 'p1',
      name: 'Acme',
      result: searched(
        Array.from({ length: 20 }, (_, i) =>
          hit(`/memories/acme-${String(i).padStart(2, '0')}.md`)
        ),
        25
      ),
      failed: null
    },
    { space: 'p2', name: 'Old', result: null, failed: 'Its folder is missing.' }
  ]
}

async function setUp() {
  const main = installFakeMain({
    memory: { '/memories/trip.md': 'Lisbon in May\n', '/memories/acme-00.md': 'Lisbon in May\n' }
  })
  await main.api.projects.create({ name: 'Acme' })
  await main.api.projects.create({ name: 'Old' })
  main.projects.control.searchAll = ANSWER
  const user = userEvent.setup()
  const view = render(
    // Happy-dom lays nothing out: the tree's virtual list is told its sizes.
    <VirtuosoMockContext.Provider value={{ viewportHeight: 400, itemHeight: 28 }}>
      <MemoryView info={null} settings={null} onOpenConversation={() => undefined} />
    </VirtuosoMockContext.Provider>
  )
  const toggle = await screen.findByRole('checkbox', { name: 'All projects' })
  return { main, user, view, toggle }
}

const switcher = () => screen.getByRole('combobox', { name: 'Memory space' }) as HTMLSelectElement

describe('Memory search across every project', () => {
  beforeEach(() => sessionStorage.clear())

  it('is not offered before a project exists', async () => {
    const main = installFakeMain()
    render(<MemoryView info={null} settings={null} onOpenConversation={() => undefined} />)
    await waitFor(() => expect(main.callsTo('memory:spaces')).toHaveLength(1))
    expect(screen.queryByRole('checkbox', { name: 'All projects' })).toBeNull()
  })

  it('groups the hits under each space’s name, with counts, the first 20, and who failed why', async () => {
    const { main, user, toggle } = await setUp()
    await user.click(toggle)
    await user.type(screen.getByRole('searchbox', { name: 'Search memory' }), 'lisbon')
    expect(await screen.findByText('26 files match across all projects.')).toBeTruthy()
    expect(main.callsTo('memory:search-all')).toContainEqual({ query: 'lisbon' })
    expect(main.callsTo('memory:search')).toEqual([])

    const own = screen.getByRole('region', { name: /^No project/ })
    expect(within(own).getByRole('heading').textContent).toBe('No project1 file')
    expect(within(own).getAllByRole('button')).toHaveLength(1)
    const acme = screen.getByRole('region', { name: /^Acme/ })
    expect(within(acme).getByRole('heading').textContent).toBe('Acme25 files')
    expect(within(acme).getByRole('list', { name: 'Hits in Acme' }).children).toHaveLength(20)
    expect(within(acme).getByText('Showing the first 20 of 25.')).toBeTruthy()
    const old = screen.getByRole('region', { name: /^Old/ })
    expect(within(old).getByText('Old could not be searched: Its folder is missing.')).toBeTruthy()
  })

  it('a hit in another project switches the inspector there and opens it, the search kept; keys as before', async () => {
    const { user, toggle } = await setUp()
    await user.click(toggle)
    const box = screen.getByRole('searchbox', { name: 'Search memory' })
    await user.type(box, 'lisbon')
    await screen.findByText('26 files match across all projects.')
    // ArrowDown from the box: the first hit; ArrowDown again: Acme's first; Enter opens it.
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement?.textContent).toMatch(/^trip\.md/)
    await user.keyboard('{ArrowDown}{Enter}')

    await waitFor(() => expect(switcher().value).toBe('p1'))
    expect(await screen.findByRole('heading', { name: '/memories/acme-00.md' })).toBeTruthy()
    expect(
      (screen.getByRole('searchbox', { name: 'Search memory' }) as HTMLInputElement).value
    ).toBe('lisbon')
    expect(screen.getByRole('checkbox', { name: 'All projects' })).toHaveProperty('checked', true)
    // The chosen hit is marked and keeps the focus, so the arrows go on from it.
    const current = await screen.findByRole('button', { current: true })
    expect(current.textContent).toMatch(/^acme-00\.md/)
    await waitFor(() => expect(document.activeElement).toBe(current))
    await user.keyboard('{ArrowUp}{Enter}')
    await waitFor(() => expect(switcher().value).toBe('default'))
    expect(await screen.findByRole('heading', { name: '/memories/trip.md' })).toBeTruthy()
  })

  it('“Search all 25 in Acme” runs the same search in that project alone', async () => {
    const { main, user, toggle } = await setUp()
    await user.click(toggle)
    await user.type(screen.getByRole('searchbox', { name: 'Search memory' }), 'lisbon')
    await user.click(await screen.findByRole('button', { name: 'Search all 25 in Acme' }))
    await waitFor(() => expect(switcher().value).toBe('p1'))
    expect(screen.getByRole('checkbox', { name: 'All projects' })).toHaveProperty('checked', false)
    await waitFor(() =>
      expect(main.callsTo('memory:search')).toContainEqual({
        space: 'p1',
        query: 'lisbon',
        limit: 100
      })
    )
  })

  it('remembers “All projects” for the session', async () => {
    const first = await setUp()
    await first.user.click(first.toggle)
    first.view.unmount()
    const again = await setUp()
    expect(again.toggle).toHaveProperty('checked', true)
  })
})

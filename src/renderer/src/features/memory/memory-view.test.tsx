import { render, screen } from '@testing-library/react'
import { VirtuosoMockContext } from 'react-virtuoso'
import { describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import { installFakeMain } from '../../test/fake-main'
import { MemoryView } from './memory-view'

describe('MemoryView with memory off for this session', () => {
  it('shows main’s reason instead of loading forever', async () => {
    const main = installFakeMain()
    const off = new CairnError(
      'MEMORY_OFF',
      'Memory is off for this session: The memory folder is a symbolic link to another place. Restart Cairn to try again.'
    )
    main.fail('memory:list', off)
    main.fail('memory:usage', off)
    render(<MemoryView info={null} settings={null} onOpenConversation={() => undefined} />)
    expect((await screen.findByRole('alert')).textContent).toMatch(/Memory is off for this session/)
    expect(screen.queryByText('Loading…')).toBeNull()
    expect(screen.getByText('No memory files to show.')).toBeTruthy()
  })
})

describe('MemoryView mounted on first use', () => {
  it('opens the file a memory chip asked for before the view existed', async () => {
    installFakeMain({ memory: { '/memories/a.md': 'alpha\n', '/memories/trip.md': 'Lyon\n' } })
    render(
      // Happy-dom lays nothing out: the tree's virtual list is told its sizes.
      <VirtuosoMockContext.Provider value={{ viewportHeight: 400, itemHeight: 28 }}>
        <MemoryView
          info={null}
          settings={null}
          openRequest={{ path: '/memories/trip.md', n: 1 }}
          onOpenConversation={() => undefined}
        />
      </VirtuosoMockContext.Provider>
    )
    expect(await screen.findByRole('heading', { name: '/memories/trip.md' })).toBeTruthy()
    expect(screen.getByRole('treeitem', { name: /trip\.md/ }).getAttribute('aria-selected')).toBe(
      'true'
    )
  })
})

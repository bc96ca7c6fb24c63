import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MemoryChange } from '@shared/memory/memory'
import { installFakeMain, type FakeMain } from '../../test/fake-main'
import { useActivityChanges, useFileChanges, useHistoryChanges } from './memory-changes'
import { useMemoryData } from './use-memory-data'

// One memory:changed is one list read (the usage comes with the event), and each panel re-reads
// only when the event concerns it: the counts below are the invokes a change costs.

function Probe({ path }: { path: string }) {
  const data = useMemoryData()
  const file = useFileChanges(path)
  const history = useHistoryChanges(path)
  const activity = useActivityChanges()
  return (
    <p data-testid="probe">
      {`entries=${data.entries?.length ?? '-'} files=${data.usage?.files ?? '-'} file=${file} history=${history} activity=${activity}`}
    </p>
  )
}

const probe = () => screen.getByTestId('probe').textContent

function announce(main: FakeMain, change: Partial<MemoryChange> & { paths: string[] }): void {
  act(() =>
    main.emit('memory:changed', { space: 'default', actor: { kind: 'external' }, ...change })
  )
}

function Pages() {
  const data = useMemoryData()
  return (
    <>
      <p data-testid="pages">{`entries=${data.entries?.length ?? '-'}`}</p>
      <button type="button" onClick={() => (data.loadMore?.(), data.loadMore?.())}>
        twice
      </button>
    </>
  )
}

describe('the memory-data store', () => {
  it('asks for a page once when the next page is asked for again before it came', async () => {
    const main = installFakeMain({
      memory: Object.fromEntries(
        Array.from({ length: 520 }, (_, n) => [`/memories/n${String(n).padStart(3, '0')}.md`, 'x'])
      )
    })
    render(<Pages />)
    await waitFor(() => expect(screen.getByTestId('pages').textContent).toBe('entries=500'))
    act(() => screen.getByRole('button', { name: 'twice' }).click())
    await waitFor(() => expect(screen.getByTestId('pages').textContent).toBe('entries=520'))
    expect(main.callsTo('memory:list')).toEqual([
      { space: 'default', limit: 500 },
      { space: 'default', cursor: '/memories/n499.md', limit: 500 }
    ])
  })

  it('applies the usage an event carries and reads only the list again, once', async () => {
    const main = installFakeMain({ memory: { '/memories/a.md': 'a', '/memories/b.md': 'b' } })
    render(<Probe path="/memories/a.md" />)
    await waitFor(() => expect(probe()).toContain('entries=2 files=2'))
    expect(main.callsTo('memory:list')).toHaveLength(1)
    expect(main.callsTo('memory:usage')).toHaveLength(1)

    const usage = await main.api.memory.usage({ space: 'default' })
    main.memory.set('/memories/c.md', 'c')
    announce(main, { paths: ['/memories/c.md'], usage: { ...usage, files: 3 }, activitySeq: 1 })
    await waitFor(() => expect(probe()).toContain('entries=3 files=3'))
    expect(main.callsTo('memory:list')).toHaveLength(2)
    // The one from the test itself above; the page asked no more.
    expect(main.callsTo('memory:usage')).toHaveLength(2)
    expect(probe()).toContain('file=0 history=0 activity=1')
  })

  it('folds a burst of events that arrive during a list read into one more read', async () => {
    const main = installFakeMain({ memory: { '/memories/a.md': 'a' } })
    render(<Probe path="/memories/a.md" />)
    await waitFor(() => expect(probe()).toContain('entries=1'))
    const release = main.hold('memory:list')
    for (let n = 0; n < 50; n += 1) {
      main.memory.set(`/memories/n${n}.md`, 'x')
      announce(main, { paths: [`/memories/n${n}.md`], activitySeq: n + 1 })
    }
    release()
    await waitFor(() => expect(probe()).toContain('entries=51'))
    // The first read, the one the burst started, and one for all that came while it ran.
    expect(main.callsTo('memory:list')).toHaveLength(3)
    expect(probe()).toContain('file=0 history=0 activity=50')
  })

  it('tells a panel about the changes that name its file, its folder, or the log moving', async () => {
    const main = installFakeMain({ memory: { '/memories/notes/a.md': 'a' } })
    render(<Probe path="/memories/notes/a.md" />)
    await waitFor(() => expect(probe()).toContain('entries='))
    announce(main, { paths: ['/memories/notes/ab.md'], activitySeq: 4 })
    expect(probe()).toContain('file=0 history=0 activity=1')
    announce(main, { paths: ['/memories/notes/a.md'], activitySeq: 5 })
    expect(probe()).toContain('file=1 history=1 activity=2')
    announce(main, { paths: ['/memories/notes'], activitySeq: 5 })
    expect(probe()).toContain('file=2 history=2 activity=2')
    // Versions forgotten: history changes, the file does not.
    announce(main, { paths: [], actor: { kind: 'user' }, activitySeq: 6 })
    expect(probe()).toContain('file=2 history=3 activity=3')
    // A watcher problem names no file and no history.
    announce(main, { paths: [], problem: 'The memory folder was deleted.', activitySeq: 7 })
    expect(probe()).toContain('file=2 history=3 activity=4')
  })

  it('drops an event payload the contract does not name, in the bridge, before any panel', async () => {
    const main = installFakeMain({ memory: { '/memories/a.md': 'a' } })
    render(<Probe path="/memories/a.md" />)
    await waitFor(() => expect(probe()).toContain('entries=1'))
    act(() =>
      main.emit('memory:changed', { space: 'default', paths: '/memories/a.md', actor: 'someone' })
    )
    expect(probe()).toContain('file=0 history=0 activity=0')
    expect(main.callsTo('memory:list')).toHaveLength(1)
  })
})

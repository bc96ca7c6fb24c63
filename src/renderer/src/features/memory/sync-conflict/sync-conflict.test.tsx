import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { CairnError } from '@shared/errors'
import { installFakeMain } from '../../../test/fake-main'
import { SyncConflictBar, SyncConflictPanel, twoVersionConflicts } from './sync-conflict'

const conflict = {
  path: '/memories/plan.md',
  copy: '/memories/plan (from desk).md',
  kind: 'kept-both' as const,
  detail: 'Both devices changed it.',
  at: 1
}

describe('a sync conflict in the memory inspector', () => {
  it('shows the two versions as a diff and sends each answer to main', async () => {
    const main = installFakeMain()
    main.change({
      actor: { kind: 'user' },
      command: 'create',
      path: conflict.path,
      text: 'one\nTWO\n'
    })
    main.change({
      actor: { kind: 'user' },
      command: 'create',
      path: conflict.copy,
      text: 'one\ntwo\n'
    })
    const user = userEvent.setup()
    render(<SyncConflictPanel conflict={conflict} deviceName="desk" />)
    const panel = await screen.findByRole('region', { name: 'Sync conflict in plan.md' })
    const diff = await within(panel).findByRole('table', {
      name: "plan.md: the store's version against desk's"
    })
    expect(diff.querySelector('del')?.textContent).toContain('TWO')
    expect(diff.querySelector('ins')?.textContent).toContain('two')
    for (const [label, keep] of [
      ['Keep mine', 'mine'],
      ['Keep theirs', 'theirs'],
      ['Keep both', 'both']
    ] as const) {
      await user.click(within(panel).getByRole('button', { name: label }))
      expect(main.callsTo('sync:resolve').at(-1)).toEqual({
        space: 'default',
        path: conflict.path,
        keep
      })
    }
  })

  it("found on another device, it names that device's copy and answers the same way", async () => {
    const main = installFakeMain()
    for (const path of [conflict.path, conflict.copy])
      main.change({ actor: { kind: 'user' }, command: 'create', path, text: path })
    const user = userEvent.setup()
    render(<SyncConflictPanel conflict={{ ...conflict, from: 'desk' }} deviceName="laptop" />)
    const panel = await screen.findByRole('region', { name: 'Sync conflict in plan.md' })
    expect(panel.textContent).toContain('has the version from desk')
    await user.click(within(panel).getByRole('button', { name: "Keep desk's" }))
    expect(main.callsTo('sync:resolve').at(-1)).toEqual({
      space: 'default',
      path: conflict.path,
      keep: 'mine'
    })
    await user.click(within(panel).getByRole('button', { name: "Keep the store's" }))
    expect(main.callsTo('sync:resolve').at(-1)).toEqual({
      space: 'default',
      path: conflict.path,
      keep: 'theirs'
    })
  })

  it('says why an answer failed, with what to do instead', async () => {
    const main = installFakeMain()
    main.change({ actor: { kind: 'user' }, command: 'create', path: conflict.path, text: 'a' })
    main.change({ actor: { kind: 'user' }, command: 'create', path: conflict.copy, text: 'b' })
    main.fail(
      'sync:resolve',
      new CairnError(
        'MEMORY_NOT_FOUND',
        'This device\u2019s version is gone. Choose "Keep theirs".'
      )
    )
    const user = userEvent.setup()
    render(<SyncConflictPanel conflict={conflict} deviceName="desk" />)
    await user.click(await screen.findByRole('button', { name: 'Keep mine' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/is gone.*Keep theirs/)
  })

  it('lists only conflicts with two versions, each opening its file', async () => {
    const opened: string[] = []
    const two = twoVersionConflicts([
      conflict,
      { path: '/memories/x.md', kind: 'merged', detail: 'merged', at: 2 }
    ])
    expect(two).toEqual([conflict])
    const user = userEvent.setup()
    render(<SyncConflictBar conflicts={two} onOpen={(p) => opened.push(p)} />)
    await user.click(screen.getByRole('button', { name: 'Review plan.md' }))
    expect(opened).toEqual([conflict.path])
  })
})

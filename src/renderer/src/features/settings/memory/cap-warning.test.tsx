import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderSettings } from '../../../test/render-app'
import { FIELD_LABELS } from '../field-labels'

const field = (name: keyof typeof FIELD_LABELS) =>
  screen.getByRole('textbox', { name: FIELD_LABELS[name] }) as HTMLInputElement
const warning = () => screen.queryByRole('status', { name: 'Caps below what memory holds' })
const SIX = Object.fromEntries(
  ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => [`/memories/${name}.md`, name.repeat(100)])
)

describe('lowering a cap below usage warns before saving', { timeout: 20_000 }, () => {
  it('file-count cap: the wording, the next steps, and Keep the current cap', async () => {
    const { main, user } = await renderSettings({ memory: SIX })
    await user.clear(field('maxFiles'))
    await user.type(field('maxFiles'), '4')
    await waitFor(() => expect(warning()).not.toBeNull())
    expect(warning()?.textContent).toContain(
      '6 files, 2 over the new cap of 4: Claude will be refused new files until there are fewer than 4 (archive or delete 3 files). Edits to existing files still work.'
    )
    expect(main.callsTo('memory:cap-impact').at(-1)).toEqual({ space: 'default', maxFiles: 4 })
    // Nothing saved yet: the warning comes first.
    expect(main.callsTo('settings:update')).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Keep the current cap' }))
    expect(field('maxFiles').value).toBe('2000')
    await waitFor(() => expect(warning()).toBeNull())
  })

  it('a size cap typed with units is checked in bytes; a cap above usage says nothing', async () => {
    const { main, user } = await renderSettings({ memory: SIX })
    await user.clear(field('maxTotalBytes'))
    await user.type(field('maxTotalBytes'), '1 MB')
    await waitFor(() => expect(main.callsTo('memory:cap-impact').length).toBeGreaterThan(0))
    expect(main.callsTo('memory:cap-impact').at(-1)).toEqual({
      space: 'default',
      maxTotalBytes: 1024 * 1024
    })
    expect(warning()).toBeNull()

    await user.clear(field('maxFileBytes'))
    await user.type(field('maxFileBytes'), '1 KB')
    main.memory.set('/memories/big.md', 'x'.repeat(2000))
    await user.clear(field('maxFileBytes'))
    await user.type(field('maxFileBytes'), '1.5 KB')
    await waitFor(() => expect(warning()).not.toBeNull())
    expect(warning()?.textContent).toContain(
      '7 files, 1 over the new 1.5 KB per-file cap: It stays readable, but any edit that makes it larger will be refused'
    )
  })
})

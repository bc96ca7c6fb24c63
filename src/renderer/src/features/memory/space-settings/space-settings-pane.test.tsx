import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it, vi } from 'vitest'
import type { SpaceSettingsState } from '@shared/memory/space-settings'
import { SpaceSettingsPane } from './space-settings-pane'

// The pane over a space whose limits are its own: each limit is its own row, and a row saves the
// whole section with only its own number changed.

const limits = {
  maxFileBytes: 100_000,
  maxTotalBytes: 5_000_000,
  maxFiles: 200,
  maxReadChars: 100_000
}
const state: SpaceSettingsState = {
  canOverride: true,
  own: { memory: limits, pinned: [] },
  effective: {
    memory: limits,
    expiry: { mode: 'off', days: 90, action: 'archive', pinned: [] },
    history: { maxBytes: 1_000_000, maxDays: 180, keepLatest: 20 },
    secretGuard: { mode: 'refuse', checkUserEdits: true },
    memoryWriteApproval: 'automatic'
  }
}
const save = vi.fn(async () => true)

vi.mock('./use-space-settings', () => ({
  useSpaceSettings: () => ({ state, error: null, save })
}))
// The sync and backup cards read main on their own; this test is about the sections above them.
vi.mock('../../settings/memory/sync-card', () => ({ SyncCard: () => null }))
vi.mock('../../settings/memory/backup-card', () => ({ BackupCard: () => null }))

it('a project’s own limits: one row each, a row saves its number in the whole section', async () => {
  const user = userEvent.setup()
  render(<SpaceSettingsPane />)
  expect(screen.getByRole('textbox', { name: 'Largest file (bytes)' })).toHaveProperty(
    'value',
    '100000'
  )
  expect(screen.getByRole('textbox', { name: 'Whole folder (bytes)' })).toHaveProperty(
    'value',
    '5000000'
  )
  const files = screen.getByRole('textbox', { name: 'Files' })
  await user.clear(files)
  await user.type(files, '50{Enter}')
  expect(save).toHaveBeenLastCalledWith({ section: 'memory', value: { ...limits, maxFiles: 50 } })
  // Only the limits are the project's own; the other sections follow Settings.
  const own = screen.getAllByRole('checkbox', { name: /This project’s own/ })
  expect(own.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false, false, false])
})

import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ImportPreview } from '@shared/memory/backup'
import { CairnError } from '@shared/errors'
import { renderSettings } from '../../../test/render-app'
import { canUndo, entrySentence } from '../../memory/change-words'

const region = () => screen.getByRole('region', { name: 'Export and import' })

const SETTINGS: ImportPreview['settings'] = {
  memory: { maxFileBytes: 262144, maxTotalBytes: 16777216, maxFiles: 2000, maxReadChars: 40000 },
  expiry: { mode: 'idle', days: 30, action: 'archive', pinned: ['people/**'] },
  history: { maxBytes: 67108864, maxDays: 180, keepLatest: 20 }
}

const PREVIEW: ImportPreview = {
  token: 'tok',
  name: 'cairn-memory-2026-11-26.cairnmem',
  createdAt: '2026-11-26T00:00:00.000Z',
  items: [
    { path: '/memories/about-me.md', status: 'changed', size: 12 },
    { path: '/memories/new.md', status: 'new', size: 5 },
    { path: '/memories/same.md', status: 'same', size: 7 },
    { path: '/memories/key.md', status: 'refused', size: 9, reason: 'it is not UTF-8 text' }
  ],
  counts: { new: 1, changed: 1, same: 1, refused: 1 },
  historyVersions: 3,
  settings: SETTINGS,
  settingsDiffer: true
}

/** Settings with the import preview dialog open on PREVIEW. */
async function openImportPreview() {
  const { main, user } = await renderSettings()
  main.backup.preview = PREVIEW
  await user.click(await within(await findRegion()).findByRole('button', { name: 'Import…' }))
  const dialog = await screen.findByRole(
    'dialog',
    { name: /Import cairn-memory/ },
    { timeout: 8000 }
  )
  return { main, user, dialog }
}

describe('Export and import', () => {
  it('shows the preview (new, changed, same, refused) and imports with settings only when ticked', async () => {
    const { main, user, dialog } = await openImportPreview()
    expect(within(dialog).getByRole('region', { name: 'New files' }).textContent).toContain(
      'new.md'
    )
    expect(within(dialog).getByRole('region', { name: 'Changed files' }).textContent).toContain(
      'about-me.md'
    )
    expect(within(dialog).getByRole('region', { name: 'Refused files' }).textContent).toContain(
      'not UTF-8'
    )
    expect(within(dialog).getByText(/Same as yours \(1\)/)).toBeTruthy()
    expect(within(dialog).getByText(/Adds 3 earlier versions/)).toBeTruthy()
    const box = within(dialog).getByRole('checkbox', { name: /archive's settings/ })
    expect((box as HTMLInputElement).checked).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 files' }))
    await waitFor(() =>
      expect(main.callsTo('backup:import')).toEqual([{ token: 'tok', applySettings: false }])
    )
  })

  it('shows the import progress in numbers and as a progress bar while the import runs', async () => {
    const { main, user, dialog } = await openImportPreview()
    const release = main.hold('backup:import')
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 files' }))
    // An export's event is not the import's: it shows nothing here.
    main.emit('backup:progress', { phase: 'export', done: 5, total: 9 })
    main.emit('backup:progress', { phase: 'import', done: 40, total: 300 })
    const bar = await within(dialog).findByRole('progressbar', { name: 'Import progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('40')
    expect(bar.getAttribute('aria-valuemax')).toBe('300')
    expect(within(dialog).getByRole('status').textContent).toBe('Importing 40 of 300 files…')
    main.emit('backup:progress', { phase: 'import', done: 300, total: 300 })
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('300'))
    expect(within(dialog).getByRole('status').textContent).toBe('Importing 300 of 300 files…')
    release()
    await waitFor(() => expect(within(region()).getByTestId('backup-status')).toBeTruthy())
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('an import refused by main shows the message and the next step', async () => {
    const { main, user } = await renderSettings()
    main.fail(
      'backup:import-preview',
      new CairnError(
        'IMPORT_REFUSED',
        'The archive entry memory/../x steps out of its folder (..). Nothing was imported. Choose a file made by Export memory.'
      )
    )
    await user.click(await within(await findRegion()).findByRole('button', { name: 'Import…' }))
    const alert = await within(region()).findByRole('alert')
    expect(alert.textContent).toContain(
      'Nothing was imported. Choose a file made by Export memory.'
    )
  })

  it('says what an export saved', async () => {
    const { main, user } = await renderSettings()
    main.backup.exported = {
      status: 'saved',
      path: '/home/test/cairn-memory-2026-11-26.cairnmem',
      files: 4,
      versions: 9,
      bytes: 2048,
      skipped: []
    }
    await user.click(
      await within(await findRegion()).findByRole('button', { name: 'Export memory…' })
    )
    const status = await within(region()).findByRole('status')
    expect(status.textContent).toContain(
      'Saved cairn-memory-2026-11-26.cairnmem: 4 files and 9 earlier versions'
    )
  })

  it('names an import in Activity, and offers undo for the import, not for its history entry', () => {
    const base = {
      seq: 4,
      time: '2026-11-26T00:00:00.000Z',
      actor: { kind: 'user' as const },
      paths: ['/memories/a.md'],
      bytesBefore: null,
      bytesAfter: 3,
      outcome: 'ok' as const,
      versions: [
        {
          path: '/memories/a.md',
          before: null,
          after: 'a'.repeat(64),
          sizeBefore: null,
          sizeAfter: 3
        }
      ]
    }
    const imported = {
      ...base,
      command: 'import' as const,
      message: 'Imported 1 file from x.cairnmem'
    }
    expect(entrySentence(imported)).toBe('You imported 1 file from x.cairnmem')
    expect(canUndo(imported)).toBe(true)
    const history = {
      ...base,
      command: 'import-history' as const,
      message: 'Added 2 earlier versions of 1 file to history from an import'
    }
    expect(entrySentence(history)).toContain('earlier versions')
    expect(canUndo(history)).toBe(false)
  })
})

async function findRegion(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Export and import' }, { timeout: 8000 })
}

import { describe, expect, it, vi } from 'vitest'
import type { BrowserWindow } from 'electron'
import { createFilePicker, createFolderPicker } from '../pick-files'

type ShowOpenDialog = (...args: unknown[]) => Promise<{ canceled: boolean; filePaths: string[] }>

function dialogAnswering(answer: { canceled: boolean; filePaths: string[] }) {
  const showOpenDialog = vi.fn<ShowOpenDialog>(() => Promise.resolve(answer))
  return { dialog: { showOpenDialog } as never, showOpenDialog }
}

describe('the attachment picker (OS open dialog)', () => {
  it('answers the picked paths, over the focused window, several files at once', async () => {
    const window = { id: 1 } as unknown as BrowserWindow
    const { dialog, showOpenDialog } = dialogAnswering({
      canceled: false,
      filePaths: ['/home/a/chart.png', '/home/a/spec.pdf']
    })
    const pick = createFilePicker(dialog, () => window)
    expect(await pick()).toEqual(['/home/a/chart.png', '/home/a/spec.pdf'])
    const [parent, options] = showOpenDialog.mock.calls[0] as [unknown, { properties: string[] }]
    expect(parent).toBe(window)
    expect(options.properties).toEqual(['openFile', 'multiSelections'])
  })

  it('answers nothing when cancelled, and works without a focused window', async () => {
    const { dialog, showOpenDialog } = dialogAnswering({ canceled: true, filePaths: ['/x'] })
    expect(await createFilePicker(dialog, () => null)()).toEqual([])
    expect(showOpenDialog.mock.calls[0]).toHaveLength(1)
  })
})

describe('the folder picker (New project from a folder)', () => {
  it('asks for one folder over the focused window, and answers it (null when cancelled)', async () => {
    const window = { id: 1 } as unknown as BrowserWindow
    const { dialog, showOpenDialog } = dialogAnswering({
      canceled: false,
      filePaths: ['/home/a/site']
    })
    expect(await createFolderPicker(dialog, () => window)()).toBe('/home/a/site')
    const [parent, options] = showOpenDialog.mock.calls[0] as [unknown, { properties: string[] }]
    expect(parent).toBe(window)
    expect(options.properties).toContain('openDirectory')
    expect(options.properties).not.toContain('openFile')
    const cancelled = dialogAnswering({ canceled: true, filePaths: ['/x'] })
    expect(await createFolderPicker(cancelled.dialog, () => null)()).toBeNull()
  })
})

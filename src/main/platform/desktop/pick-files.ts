import type { BrowserWindow, Dialog } from 'electron'

/**
 * The OS open dialog for attachments, over the focused window (a sheet on macOS). Main reads the
 * files it returns, so their bytes never pass through the page.
 */
export function createFilePicker(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  focusedWindow: () => BrowserWindow | null
): () => Promise<string[]> {
  return async () => {
    const options: Electron.OpenDialogOptions = {
      title: 'Attach files',
      buttonLabel: 'Attach',
      properties: ['openFile', 'multiSelections'],
      filters: [
        {
          name: 'Images, PDFs and text',
          extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf', 'txt', 'md', 'csv', 'json']
        },
        // Type is checked by content, not name: any text or code file can be picked.
        { name: 'All files', extensions: ['*'] }
      ]
    }
    const window = focusedWindow()
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options)
    return result.canceled ? [] : result.filePaths
  }
}

/** The OS open dialog for one file (Import memory); null when cancelled. */
export function createOneFilePicker(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  focusedWindow: () => BrowserWindow | null
): (options: {
  title: string
  filters: Array<{ name: string; extensions: string[] }>
}) => Promise<string | null> {
  return async ({ title, filters }) => {
    const options: Electron.OpenDialogOptions = { title, filters, properties: ['openFile'] }
    const window = focusedWindow()
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options)
    return result.canceled ? null : (result.filePaths[0] ?? null)
  }
}

/** The OS folder dialog ("New project from a folder"); null when cancelled. */
export function createFolderPicker(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  focusedWindow: () => BrowserWindow | null
): () => Promise<string | null> {
  return async () => {
    const options: Electron.OpenDialogOptions = {
      title: 'New project from a folder',
      buttonLabel: 'Use this folder',
      // createDirectory: macOS offers "New Folder" in the sheet (other systems always do).
      properties: ['openDirectory', 'createDirectory']
    }
    const window = focusedWindow()
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options)
    return result.canceled ? null : (result.filePaths[0] ?? null)
  }
}

import type { Dialog } from 'electron'

export type MemoryStartChoice = 'memory-off' | 'open-folder' | 'quit'

const BUTTONS: Array<[string, MemoryStartChoice]> = [
  ['Start with memory off', 'memory-off'],
  ['Open data folder', 'open-folder'],
  ['Quit', 'quit']
]

/**
 * The memory folder could not be opened at start-up: say why and offer a way out, never a silent
 * exit. "Open data folder" shows the folder that holds `memories/` (not the memory folder itself,
 * which may be the very link that was refused); main asks again after it.
 */
export async function askAfterMemoryFailure(
  dialog: Pick<Dialog, 'showMessageBox'>,
  reason: string,
  memoryFolder: string
): Promise<MemoryStartChoice> {
  const { response } = await dialog.showMessageBox({
    type: 'error',
    title: 'Cairn',
    message: 'Cairn could not open its memory folder',
    detail:
      `${reason}\n\nMemory folder: ${memoryFolder}\n\n` +
      'You can start with memory off for this session (chat works; Claude has no memory and the ' +
      'memory inspector is unavailable), open the data folder to fix the problem and try again, or quit.',
    buttons: BUTTONS.map(([label]) => label),
    defaultId: 0,
    cancelId: 2,
    noLink: true
  })
  return BUTTONS[response]?.[1] ?? 'quit'
}

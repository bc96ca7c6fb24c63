import { describe, expect, it, vi } from 'vitest'
import { trayMenuModel } from '@shared/app/tray-menu'
import { LINK_INBOX_MAX, createLinkInbox } from '../../services/app/link-inbox'
import { LINKS_PER_LAUNCH, linksInArgv } from '../link-launch'
import { trayTemplate } from '../desktop/tray'

describe('links among launch arguments', () => {
  it('takes only arguments with the cairn: scheme (any case), at most a few', () => {
    expect(
      linksInArgv([
        'C:\\Program Files\\Cairn\\Cairn.exe',
        '--allow-file-access-from-files',
        'CAIRN://new?text=hi',
        'https://evil.example/',
        'cairn:broken'
      ])
    ).toEqual(['CAIRN://new?text=hi', 'cairn:broken'])
    expect(linksInArgv(Array.from({ length: 20 }, () => 'cairn://new'))).toHaveLength(
      LINKS_PER_LAUNCH
    )
  })
})

describe('the link inbox', () => {
  it('parses what comes from outside, keeps the newest few, and empties when taken', () => {
    const inbox = createLinkInbox()
    const waiting = vi.fn()
    inbox.onWaiting(waiting)
    expect(inbox.receive('cairn://nope')).toMatchObject({ kind: 'unknown' })
    for (let i = 0; i < LINK_INBOX_MAX + 5; i++) inbox.receive(`cairn://new?text=${i}`)
    expect(waiting).toHaveBeenLastCalledWith({ count: LINK_INBOX_MAX })
    const taken = inbox.take()
    expect(taken).toHaveLength(LINK_INBOX_MAX)
    expect(taken.at(-1)).toEqual({
      origin: 'link',
      link: { kind: 'new-chat', text: String(LINK_INBOX_MAX + 4) }
    })
    expect(inbox.take()).toEqual([])
  })
})

describe('the tray menu template', () => {
  it('turns the model into Electron menu items whose clicks run the action', () => {
    const run = vi.fn()
    const template = trayTemplate(
      trayMenuModel({
        memoryPaused: true,
        memoryOff: false,
        quickAskAvailable: false,
        platform: 'linux'
      }),
      run
    )
    expect(template.map((item) => item.type)).toEqual([
      'normal',
      'separator',
      'normal',
      'separator',
      'normal',
      'checkbox',
      'separator',
      'normal'
    ])
    const pause = template.find((item) => item.id === 'pause-memory')
    expect(pause).toMatchObject({ checked: true, enabled: true })
    ;(pause?.click as () => void)()
    expect(run).toHaveBeenCalledWith('pause-memory')
  })
})

import { describe, expect, it } from 'vitest'
import { checkSpaceFolder, type FolderCheckContext } from '../folder-check'

const posix: FolderCheckContext = {
  platform: 'linux',
  home: '/home/ada',
  dataDir: '/home/ada/.config/Cairn',
  taken: [
    {
      name: 'Client site',
      folders: ['/home/ada/work/site', '/home/ada/work/site/.cairn/memories']
    }
  ]
}
const windows: FolderCheckContext = {
  platform: 'win32',
  home: 'C:\\Users\\ada',
  dataDir: 'C:\\Users\\ada\\AppData\\Roaming\\Cairn',
  taken: []
}

function reason(folder: string, context = posix): string {
  const check = checkSpaceFolder(folder, context)
  return check.ok ? 'ok' : check.reason
}

describe('which folders may hold a memory space', () => {
  it('takes a project folder of the user', () => {
    expect(reason('/home/ada/work/recipes')).toBe('ok')
    expect(reason('/tmp/some-project')).toBe('ok')
    expect(reason('D:\\code\\app', windows)).toBe('ok')
  })

  it('refuses system folders and anything inside them', () => {
    for (const folder of ['/etc', '/usr/local/share', '/System/Library', '/proc/1'])
      expect(reason(folder)).toMatch(/system folder/)
    for (const folder of ['C:\\Windows', 'c:\\windows\\system32', 'C:\\Program Files\\App'])
      expect(reason(folder, windows)).toMatch(/system folder/)
  })

  it('refuses folders far wider than a project: the disk, the home folder', () => {
    for (const folder of ['/', '/home', '/home/ada', '/home/ada/', '/Users'])
      expect(reason(folder)).toMatch(/far more than one project/)
    expect(reason('C:\\', windows)).toMatch(/far more than one project/)
  })

  it("refuses Cairn's own data folder, inside it, and a folder holding it", () => {
    expect(reason('/home/ada/.config/Cairn')).toMatch(/Cairn's own data folder/)
    expect(reason('/home/ada/.config/Cairn/memories')).toMatch(/Cairn's own data folder/)
    expect(reason('/home/ada/.config')).toMatch(/Cairn's own data folder/)
    expect(reason('C:\\Users\\ada\\AppData\\Roaming\\cairn', windows)).toMatch(/own data folder/)
  })

  it('refuses a folder inside another space, or one that holds another space', () => {
    expect(reason('/home/ada/work/site')).toMatch(/inside the memory of "Client site"/)
    expect(reason('/home/ada/work/site/docs')).toMatch(/inside the memory of "Client site"/)
    expect(reason('/home/ada/work')).toMatch(/holds the memory of "Client site"/)
    expect(reason('/home/ada/work/site-2')).toBe('ok')
  })

  it('refuses a relative path', () => {
    expect(reason('work/site')).toMatch(/full path/)
  })
})

import { resolve } from 'node:path'
import type { App } from 'electron'
import { describe, expect, it } from 'vitest'
import { createFakeElectron } from '../../__tests__/electron-mock'
import { configureUserData } from '../user-data'

function app() {
  return createFakeElectron().app
}

describe('configureUserData', () => {
  it('leaves the default folder alone without CAIRN_USER_DATA_DIR', () => {
    const fake = app()
    expect(configureUserData(fake as unknown as App, {})).toBe('/fake/default-user-data')
    expect(fake.setPath).not.toHaveBeenCalled()
  })

  it('points userData at CAIRN_USER_DATA_DIR and returns it', () => {
    const fake = app()
    const dir = resolve('/tmp/cairn-profile-2')
    expect(configureUserData(fake as unknown as App, { CAIRN_USER_DATA_DIR: dir })).toBe(dir)
    expect(fake.setPath).toHaveBeenCalledWith('userData', dir)
    expect(fake.getPath('userData')).toBe(dir)
  })

  it('resolves a relative folder instead of letting Electron refuse it', () => {
    const fake = app()
    const result = configureUserData(fake as unknown as App, {
      CAIRN_USER_DATA_DIR: 'profiles/test'
    })
    expect(result).toBe(resolve('profiles/test'))
  })

  it('ignores an empty or blank override', () => {
    for (const value of ['', '   ']) {
      const fake = app()
      expect(configureUserData(fake as unknown as App, { CAIRN_USER_DATA_DIR: value })).toBe(
        '/fake/default-user-data'
      )
      expect(fake.setPath).not.toHaveBeenCalled()
    }
  })
})

import { describe, expect, it } from 'vitest'
import { deviceName } from '../device-name'

describe('deviceName: the computer as sync names it in kept copies', () => {
  it('drops the network suffix of the host name', () => {
    expect(deviceName(() => 'Adas-MacBook-Air.local')).toBe('Adas-MacBook-Air')
    expect(deviceName(() => 'desk.corp.example.com')).toBe('desk')
  })
  it('never answers empty, even when the OS has no name or throws', () => {
    expect(deviceName(() => '')).toBe('this computer')
    expect(
      deviceName(() => {
        throw new Error('no host name')
      })
    ).toBe('this computer')
  })
})

import { describe, expect, it } from 'vitest'
import { UpdateStatusSchema } from '@shared/app/updates'
import { setup } from './fakes'

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('before an updater is connected (development build, browser harness)', () => {
  it('is off and says why; check, download and restart do nothing', () => {
    const { service, port } = setup()
    const status = service.status()
    expect(status.phase).toMatchObject({ kind: 'off', reason: 'development' })
    expect(status.phase.kind === 'off' && status.phase.message).toMatch(/development build/)
    expect(status.currentVersion).toBe('1.0.0')
    service.check()
    service.download()
    service.restart()
    expect(service.status().phase.kind).toBe('off')
    expect(port.calls).toEqual([])
    expect(UpdateStatusSchema.safeParse(service.status()).success).toBe(true)
  })
})

describe('checking', () => {
  it('connects idle, checks once the first timer fires, then every interval', () => {
    const { service, port, timers } = setup()
    service.connect(port)
    expect(service.status().phase.kind).toBe('idle')
    expect(port.configs).toEqual([{ channel: 'stable', installOnQuit: true }])
    expect(timers.delays()).toEqual([10])
    expect(port.calls).toEqual([])
    timers.fireAll()
    expect(port.calls).toEqual(['check'])
    expect(service.status().phase.kind).toBe('checking')
    expect(timers.delays()).toEqual([1_000])
    port.fire({ type: 'not-available' })
    expect(service.status()).toMatchObject({ phase: { kind: 'not-available' }, checkedAt: 1_000 })
    timers.fireAll()
    expect(port.calls).toEqual(['check', 'check'])
  })

  it('idle → checking → not-available, every status valid against the contract', () => {
    const { service, port, kinds, seen } = setup()
    service.connect(port)
    service.check()
    port.fire({ type: 'checking' })
    port.fire({ type: 'not-available' })
    // The updater's own "checking" event repeats nothing.
    expect(kinds()).toEqual(['idle', 'checking', 'not-available'])
    for (const status of seen) expect(UpdateStatusSchema.safeParse(status).success).toBe(true)
  })

  it('a check while one runs, a download runs or an update is ready asks nothing more', () => {
    const { service, port } = setup({ mode: 'notify' })
    service.connect(port)
    service.check()
    service.check()
    expect(port.calls).toEqual(['check'])
    port.fire({ type: 'available', version: '1.1.0', notes: null })
    service.download()
    service.check()
    port.fire({ type: 'downloaded', version: '1.1.0', notes: null })
    service.check()
    expect(port.calls).toEqual(['check', 'download'])
  })

  it('the timer skips while a download runs', () => {
    const { service, port, timers } = setup()
    service.connect(port)
    timers.fireAll()
    port.fire({ type: 'available', version: '1.1.0', notes: null })
    expect(port.calls).toEqual(['check', 'download'])
    timers.fireAll()
    expect(port.calls).toEqual(['check', 'download'])
  })
})

describe('auto mode', () => {
  it('available → downloading (progress in whole percent) → ready, release notes carried along', () => {
    const { service, port, kinds } = setup()
    service.connect(port)
    service.check()
    port.fire({
      type: 'available',
      version: '1.1.0',
      notes: '<p>Faster <b>search</b> &amp; more</p>'
    })
    expect(port.calls).toEqual(['check', 'download'])
    expect(service.status().phase).toEqual({
      kind: 'downloading',
      version: '1.1.0',
      notes: 'Faster search & more',
      percent: 0,
      transferred: 0,
      total: 0
    })
    port.fire({ type: 'progress', percent: 41.7, transferred: 417, total: 1_000 })
    port.fire({ type: 'progress', percent: 41.9, transferred: 419, total: 1_000 })
    expect(service.status().phase).toMatchObject({
      kind: 'downloading',
      percent: 41,
      transferred: 417
    })
    port.fire({ type: 'progress', percent: 100, transferred: 1_000, total: 1_000 })
    port.fire({ type: 'downloaded', version: '1.1.0', notes: null })
    expect(service.status().phase).toEqual({
      kind: 'ready',
      version: '1.1.0',
      notes: 'Faster search & more',
      waitingForReply: false
    })
    // One status per whole percent, not per event.
    expect(kinds()).toEqual([
      'idle',
      'checking',
      'downloading',
      'downloading',
      'downloading',
      'ready'
    ])
    // Never restarts on its own.
    expect(port.calls).not.toContain('quitAndInstall')
  })
})

describe('notify only', () => {
  it('checks but waits for Download; then downloads with progress', () => {
    const { service, port } = setup({ mode: 'notify' })
    service.connect(port)
    service.check()
    port.fire({ type: 'available', version: '1.1.0', notes: 'Notes' })
    expect(service.status().phase).toEqual({ kind: 'available', version: '1.1.0', notes: 'Notes' })
    expect(port.calls).toEqual(['check'])
    // Progress before anyone asked (should not happen) is taken as the download starting.
    service.download()
    expect(port.calls).toEqual(['check', 'download'])
    port.fire({ type: 'progress', percent: 50, transferred: 5, total: 10 })
    expect(service.status().phase).toMatchObject({
      kind: 'downloading',
      percent: 50,
      notes: 'Notes'
    })
  })

  it('switching to auto while an update waits starts its download', () => {
    const { service, port, settings } = setup({ mode: 'notify' })
    service.connect(port)
    service.check()
    port.fire({ type: 'available', version: '1.1.0', notes: null })
    settings.set({ mode: 'auto' })
    expect(port.calls).toEqual(['check', 'download'])
    expect(service.status().phase.kind).toBe('downloading')
  })

  it('Download with nothing found does nothing', () => {
    const { service, port } = setup({ mode: 'notify' })
    service.connect(port)
    service.download()
    expect(port.calls).toEqual([])
  })
})

describe('off', () => {
  it('connects off: no timer check, no install on quit', () => {
    const { service, port, timers } = setup({ mode: 'off' })
    service.connect(port)
    expect(service.status().phase).toMatchObject({ kind: 'off', reason: 'setting' })
    expect(port.configs).toEqual([{ channel: 'stable', installOnQuit: false }])
    timers.fireAll()
    timers.fireAll()
    expect(port.calls).toEqual([])
  })

  it('Check now still asks once, and downloads nothing', () => {
    const { service, port } = setup({ mode: 'off' })
    service.connect(port)
    service.check()
    port.fire({ type: 'available', version: '1.1.0', notes: null })
    expect(service.status().phase.kind).toBe('available')
    expect(port.calls).toEqual(['check'])
  })

  it('turning updates off cancels a download; turning them on checks again', () => {
    const { service, port, settings } = setup()
    service.connect(port)
    service.check()
    port.fire({ type: 'available', version: '1.1.0', notes: null })
    settings.set({ mode: 'off' })
    expect(port.calls).toEqual(['check', 'download', 'cancel'])
    expect(port.configs.at(-1)).toEqual({ channel: 'stable', installOnQuit: false })
    expect(service.status().phase).toMatchObject({ kind: 'off', reason: 'setting' })
    // A late progress event from the cancelled download changes nothing.
    port.fire({ type: 'progress', percent: 60, transferred: 6, total: 10 })
    expect(service.status().phase.kind).toBe('off')
    settings.set({ mode: 'notify' })
    expect(port.calls).toEqual(['check', 'download', 'cancel', 'check'])
    expect(service.status().phase.kind).toBe('checking')
  })

  it('a downloaded update stays offered when updates are turned off', () => {
    const { service, port, settings } = setup()
    service.connect(port)
    service.check()
    port.fire({ type: 'available', version: '1.1.0', notes: null })
    port.fire({ type: 'downloaded', version: '1.1.0', notes: null })
    settings.set({ mode: 'off' })
    expect(service.status()).toMatchObject({ mode: 'off', phase: { kind: 'ready' } })
  })
})

describe('settings', () => {
  it('a change to other settings (the same mode and channel) changes nothing and says nothing', () => {
    const { service, port, settings, seen } = setup()
    service.connect(port)
    const before = seen.length
    settings.set({})
    expect(seen.length).toBe(before)
    expect(port.configs).toHaveLength(1)
    expect(port.calls).toEqual([])
  })

  it('before an updater is connected, a new mode is reported (still off: development)', () => {
    const { settings, seen } = setup()
    settings.set({ mode: 'notify' })
    expect(seen.at(-1)).toMatchObject({
      mode: 'notify',
      phase: { kind: 'off', reason: 'development' }
    })
  })
})

describe('channel', () => {
  it('beta configures the updater and checks again', () => {
    const { service, port, settings } = setup()
    service.connect(port)
    service.check()
    port.fire({ type: 'not-available' })
    settings.set({ channel: 'beta' })
    expect(port.configs.at(-1)).toEqual({ channel: 'beta', installOnQuit: true })
    expect(port.calls).toEqual(['check', 'check'])
    expect(service.status()).toMatchObject({ channel: 'beta', phase: { kind: 'checking' } })
  })
})

describe('restart', () => {
  const ready = (initial = {}) => {
    const context = setup(initial)
    context.service.connect(context.port)
    context.service.check()
    context.port.fire({ type: 'available', version: '1.1.0', notes: 'N' })
    context.port.fire({ type: 'downloaded', version: '1.1.0', notes: 'N' })
    return context
  }

  it('only when the user asks: restart with no reply running quits and installs at once', () => {
    const { service, port } = ready()
    expect(port.calls).not.toContain('quitAndInstall')
    service.restart()
    expect(port.calls).toEqual(['check', 'download', 'quitAndInstall'])
    // Asking twice installs once.
    service.restart()
    expect(port.calls.filter((c) => c === 'quitAndInstall')).toHaveLength(1)
  })

  it('never mid-reply: waits for the reply to end, says so, then restarts', async () => {
    const { service, port, chat } = ready()
    chat.startReply()
    const status = service.restart()
    expect(status.phase).toMatchObject({ kind: 'ready', waitingForReply: true })
    await flush()
    expect(port.calls).not.toContain('quitAndInstall')
    chat.endReply()
    await flush()
    expect(port.calls.at(-1)).toBe('quitAndInstall')
  })

  it('a reply that starts as the last one ends is waited for too', async () => {
    const { service, port, chat } = ready()
    chat.startReply()
    service.restart()
    // The next reply starts before the wait resumes.
    const first = chat.idle()
    chat.endReply()
    chat.startReply()
    await first
    await flush()
    expect(port.calls).not.toContain('quitAndInstall')
    chat.endReply()
    await flush()
    expect(port.calls.at(-1)).toBe('quitAndInstall')
  })

  it('restart before an update is ready does nothing', () => {
    const { service, port } = setup({ mode: 'notify' })
    service.connect(port)
    service.check()
    port.fire({ type: 'available', version: '1.1.0', notes: null })
    service.restart()
    expect(port.calls).toEqual(['check'])
  })

  it('a failed install is an error with a next step; restart can be asked again later', () => {
    const { service, port } = ready()
    service.restart()
    port.fire({ type: 'error', message: 'EACCES: permission denied', code: 'EACCES', status: null })
    expect(service.status().phase).toMatchObject({
      kind: 'error',
      during: 'install',
      message: 'The update was downloaded but could not be installed.'
    })
  })

  it('quitting while waiting restarts nothing', async () => {
    const { service, port, chat } = ready()
    chat.startReply()
    service.restart()
    service.dispose()
    chat.endReply()
    await flush()
    expect(port.calls).not.toContain('quitAndInstall')
    expect(port.disposed).toBe(true)
  })
})

describe('errors', () => {
  it('a failed check: message, next step, the time of the check; the raw error only in the log', () => {
    const { service, port, logs } = setup()
    service.connect(port)
    service.check()
    port.fire({
      type: 'error',
      message: 'getaddrinfo ENOTFOUND github.com',
      code: 'ENOTFOUND',
      status: null
    })
    const { phase, checkedAt } = service.status()
    expect(phase).toEqual({
      kind: 'error',
      during: 'check',
      message: 'Cairn could not reach the update server.',
      nextStep:
        'Check your internet connection, then choose Check now (Cairn also tries again in a few hours).'
    })
    expect(checkedAt).toBe(1_000)
    expect(JSON.stringify(phase)).not.toContain('ENOTFOUND')
    expect(logs).toContainEqual([
      'warn',
      'update failed',
      expect.objectContaining({ code: 'ENOTFOUND' })
    ])
    // Check now works again after an error.
    service.check()
    expect(port.calls).toEqual(['check', 'check'])
  })

  it('a failed download can be tried again with Download', () => {
    const { service, port } = setup()
    service.connect(port)
    service.check()
    port.fire({ type: 'available', version: '1.1.0', notes: null })
    port.fire({
      type: 'error',
      message: 'sha512 checksum mismatch',
      code: 'ERR_CHECKSUM_MISMATCH',
      status: null
    })
    expect(service.status().phase).toMatchObject({
      kind: 'error',
      during: 'download',
      message: 'The downloaded update did not match its checksum, so it was thrown away.'
    })
    service.download()
    expect(port.calls).toEqual(['check', 'download', 'download'])
    expect(service.status().phase).toMatchObject({ kind: 'downloading', version: '1.1.0' })
  })

  it('a bad signature is refused and says so', () => {
    const { service, port } = setup()
    service.connect(port)
    service.check()
    port.fire({ type: 'available', version: '1.1.0', notes: null })
    port.fire({
      type: 'error',
      message: 'New version 1.1.0 is not signed by the application owner: publisherNames: Cairn',
      code: 'ERR_UPDATER_INVALID_SIGNATURE',
      status: null
    })
    expect(service.status().phase).toMatchObject({
      kind: 'error',
      message: "The update is not signed by Cairn's publisher, so it was not installed."
    })
  })

  it('no beta release yet: says so and how to go back to stable', () => {
    const { service, port } = setup({ channel: 'beta' })
    service.connect(port)
    service.check()
    port.fire({
      type: 'error',
      message: 'Cannot find channel "beta-linux.yml"',
      code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
      status: 404
    })
    const phase = service.status().phase
    expect(phase.kind === 'error' && phase.message).toBe(
      'The update server has no beta release for this system yet.'
    )
    expect(phase.kind === 'error' && phase.nextStep).toMatch(/Stable channel/)
  })

  it('an updater that does not run here (not an AppImage) turns updates off and stops the timer', () => {
    const { service, port, timers } = setup()
    service.connect(port)
    timers.fireAll()
    port.fire({ type: 'inactive' })
    expect(service.status().phase).toMatchObject({ kind: 'off', reason: 'unsupported' })
    expect(timers.delays()).toEqual([])
    service.check()
    expect(port.calls).toEqual(['check'])
  })
})

describe('lifecycle', () => {
  it('dispose stops the timer, the listeners and the port', () => {
    const { service, port, timers } = setup()
    service.connect(port)
    expect(port.listenerCount()).toBe(1)
    service.dispose()
    expect(timers.delays()).toEqual([])
    expect(port.listenerCount()).toBe(0)
    expect(port.disposed).toBe(true)
  })

  it('connects once', () => {
    const { service, port } = setup()
    service.connect(port)
    service.connect(port)
    expect(port.listenerCount()).toBe(1)
  })
})

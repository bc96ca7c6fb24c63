import { describe, expect, it } from 'vitest'
import { DiagnosticsSchema } from '@shared/app/diagnostics'
import { defaultSettings } from '@shared/app/settings'
import { createDiagnostics, summarizeSettings } from '../diagnostics'

describe('diagnostics', () => {
  const settings = { ...defaultSettings(), memoryGuidance: 'my private guidance text' }
  const make = (log: string[]) =>
    createDiagnostics({
      app: { name: 'Cairn', version: '1.2.3', packaged: true },
      versions: { electron: '45.0.0', node: '24.0.0', missing: undefined },
      platform: { os: 'linux', arch: 'x64', release: '6.1' },
      paths: { userData: '/u', logs: '/u/logs', memory: '/u/memories' },
      settings: () => settings,
      secretStatus: async () => ({
        configured: true,
        source: 'keychain',
        hint: 'WXYZ',
        keychainAvailable: true
      }),
      readLog: async (count) => log.slice(-count),
      scrub: (text) => text.split('registered-secret').join('[redacted]')
    })

  it('reports versions, platform, paths and settings in the contract shape', async () => {
    const report = await make(['{"message":"Cairn started"}']).collect()
    expect(DiagnosticsSchema.parse(report)).toEqual(report)
    expect(report.versions).toEqual({ electron: '45.0.0', node: '24.0.0' })
    expect(report.paths.logs).toBe('/u/logs')
    expect(report.apiKey).toEqual({ configured: true, source: 'keychain' })
    expect(report.text).toContain('Cairn 1.2.3 diagnostics')
    expect(report.text).toContain('Cairn started')
  })

  it('never includes the key hint, the guidance text, or secrets in log lines', async () => {
    const report = await make([
      '{"message":"x","key":"registered-secret"}',
      '{"message":"y","raw":"sk-ant-api03-abcdefghijkl"}'
    ]).collect()
    const all = JSON.stringify(report)
    expect(all).not.toContain('WXYZ')
    expect(all).not.toContain('my private guidance text')
    expect(all).not.toContain('registered-secret')
    expect(all).not.toContain('sk-ant-api03')
    expect(report.settings.memoryGuidanceChars).toBe(settings.memoryGuidance.length)
  })

  it('summarizes pinned patterns by count', () => {
    const summary = summarizeSettings({
      ...settings,
      expiry: { ...settings.expiry, pinned: ['secret-project/**'] }
    })
    expect(summary.expiry).toMatchObject({ pinned: 1 })
    expect(JSON.stringify(summary)).not.toContain('secret-project')
  })

  it('summarizes trusted link sites by count (which sites you visit stays private)', () => {
    const summary = summarizeSettings({ ...settings, trustedLinkHosts: ['clinic.example'] })
    expect(summary.trustedLinkHosts).toBe(1)
    expect(JSON.stringify(summary)).not.toContain('clinic.example')
  })
})

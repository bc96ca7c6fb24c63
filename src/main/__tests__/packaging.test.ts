import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Ajv } from 'ajv'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import {
  encodeIcns,
  encodeIco,
  ICNS_TYPES,
  ICO_SIZES,
  PNG_SIZES,
  resize
} from '../../../scripts/make-icons'

/*
 * The installers' configuration: electron-builder.yml validated against app-builder-lib's own JSON
 * schema, every fuse asserted, the icon set checked, and the npm scripts that build it.
 */

const repo = resolve(import.meta.dirname, '..', '..', '..')
const read = (path: string) => readFileSync(join(repo, path))
const config = parse(read('electron-builder.yml').toString('utf8')) as Record<string, unknown>
const pkg = JSON.parse(read('package.json').toString('utf8')) as {
  name: string
  productName: string
  main: string
  scripts: Record<string, string>
  dependencies: Record<string, string>
}

type Target = string | { target: string; arch?: string[] }
const targetsOf = (platform: string): Target[] => {
  const target = (config[platform] as { target: Target | Target[] }).target
  return Array.isArray(target) ? target : [target]
}
const names = (targets: Target[]) => targets.map((t) => (typeof t === 'string' ? t : t.target))

describe('electron-builder.yml', () => {
  it("validates against app-builder-lib's JSON schema", () => {
    const schema = JSON.parse(read('node_modules/app-builder-lib/scheme.json').toString('utf8'))
    const ajv = new Ajv({ strict: false, allErrors: true })
    const validate = ajv.compile(schema)
    const valid = validate(config)
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([])
    expect(valid).toBe(true)
  })

  it('the schema check is not vacuous: a wrong fuse value or unknown key fails', () => {
    const schema = JSON.parse(read('node_modules/app-builder-lib/scheme.json').toString('utf8'))
    const validate = new Ajv({ strict: false }).compile(schema)
    expect(validate({ ...config, electronFuses: { runAsNode: 'no' } })).toBe(false)
    expect(validate({ ...config, notAnOption: true })).toBe(false)
  })

  it('names the app', () => {
    expect(config.appId).toBe('app.cairn.desktop')
    expect(config.productName).toBe('Cairn')
    expect(pkg.productName).toBe('Cairn')
  })

  it('sets every fuse', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false
    })
  })

  it('builds AppImage and deb, dmg and zip for arm64 and x64, and nsis', () => {
    expect(names(targetsOf('linux')).sort()).toEqual(['AppImage', 'deb'])
    expect(names(targetsOf('mac'))).toEqual(['dmg', 'zip'])
    for (const target of targetsOf('mac') as Array<{ arch: string[] }>)
      expect([...target.arch].sort()).toEqual(['arm64', 'x64'])
    expect(names(targetsOf('win'))).toEqual(['nsis'])
  })

  it('publishes what the updater needs: GitHub releases first, update files for every channel', () => {
    const publish = config.publish as Array<Record<string, unknown>>
    expect(Array.isArray(publish)).toBe(true)
    // The first provider is the one written into app-update.yml, where the app looks.
    expect(publish[0]).toMatchObject({ provider: 'github', releaseType: 'release' })
    expect(publish[0]!.owner).toEqual(expect.any(String))
    expect(publish[0]!.repo).toEqual(expect.any(String))
    // No token in the file: publishing reads GH_TOKEN from the environment.
    expect(publish[0]!.token).toBeUndefined()
    // beta-*.yml beside latest*.yml for a -beta version (the beta channel reads them).
    expect(config.generateUpdatesFilesForAllChannels).toBe(true)
    // Each target the updater installs from is built: the zip on macOS (Squirrel.Mac), the
    // AppImage and deb on Linux, NSIS on Windows; latest*.yml come with them.
    expect(names(targetsOf('mac'))).toContain('zip')
    expect(names(targetsOf('linux'))).toContain('AppImage')
    expect(names(targetsOf('win'))).toContain('nsis')
  })

  it('the schema check covers publish: an unknown provider fails', () => {
    const schema = JSON.parse(read('node_modules/app-builder-lib/scheme.json').toString('utf8'))
    const validate = new Ajv({ strict: false }).compile(schema)
    expect(validate({ ...config, publish: [{ provider: 'ftp', url: 'x' }] })).toBe(false)
    expect(
      validate({ ...config, publish: [{ provider: 'generic', url: 'https://u.example' }] })
    ).toBe(true)
  })

  it('keeps signature checks on: no setting turns the Windows publisher check off', () => {
    const win = config.win as Record<string, unknown>
    expect(win.verifyUpdateCodeSignature).toBeUndefined()
    expect(JSON.stringify(config)).not.toMatch(/verifyUpdateCodeSignature["']?:\s*false/)
    const mac = config.mac as Record<string, unknown>
    expect(mac.hardenedRuntime).toBe(true)
  })

  it('names the Windows publisher, so the updater checks every update is signed by it', () => {
    // electron-builder writes signtoolOptions.publisherName into app-update.yml; without it
    // electron-updater's NsisUpdater installs an update without checking its signature.
    const win = config.win as {
      signtoolOptions?: { publisherName?: unknown }
      publisherName?: unknown
    }
    expect(win.signtoolOptions?.publisherName).toBe('Cairn')
    // The pre-v25 spelling is no longer read (and fails the schema).
    expect(win.publisherName).toBeUndefined()
  })

  it('packs the app into an asar, with the native keychain module unpacked beside it', () => {
    expect(config.asar).toBe(true)
    expect(config.asarUnpack).toContain('**/*.node')
    expect(config.npmRebuild).toBe(false)
    expect(pkg.dependencies['@napi-rs/keyring']).toBeDefined()
    // The binding this machine installed really is a .node file that pattern matches.
    const binaries = readdirSync(join(repo, 'node_modules', '@napi-rs'))
      .filter((name) => name.startsWith('keyring-'))
      .flatMap((name) => readdirSync(join(repo, 'node_modules', '@napi-rs', name)))
      .filter((file) => file.endsWith('.node'))
    expect(binaries.length).toBeGreaterThan(0)
  })

  it('ships only the built app (the main entry is inside it) and the tray icons, no source maps', () => {
    expect(config.files).toEqual([
      'out/**',
      'package.json',
      '!**/*.map',
      'build/icons/16x16.png',
      'build/icons/32x32.png'
    ])
    expect(pkg.main.startsWith('./out/')).toBe(true)
  })

  it('declares the cairn:// scheme so the installers register it', () => {
    expect(config.protocols).toEqual([{ name: 'Cairn link', schemes: ['cairn'] }])
  })

  it('points each platform at its icon', () => {
    expect((config.mac as { icon: string }).icon).toBe('build/icon.icns')
    expect((config.win as { icon: string }).icon).toBe('build/icon.ico')
    expect((config.linux as { icon: string }).icon).toBe('build/icons')
  })
})

describe('npm scripts', () => {
  it('dist builds for the current platform, dist:linux|mac|win for each', () => {
    // Each makes sure the Electron binary is there first (electron-builder packages it).
    const ensure = 'node scripts/ensure-electron.ts && electron-vite build && electron-builder'
    expect(pkg.scripts.dist).toBe(ensure)
    expect(pkg.scripts['dist:linux']).toBe(`${ensure} --linux`)
    expect(pkg.scripts['dist:mac']).toBe(`${ensure} --mac`)
    expect(pkg.scripts['dist:win']).toBe(`${ensure} --win`)
  })

  it('has no install hook that could download anything', () => {
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare'])
      expect(pkg.scripts[hook], hook).toBeUndefined()
  })
})

describe('the icon set (generated by scripts/make-icons.ts, committed)', () => {
  const source = PNG.sync.read(read('build/icon.png'))

  it.each(PNG_SIZES)('the %s px PNG in build/icons is square RGBA of that size', (size) => {
    const png = PNG.sync.read(read(`build/icons/${size}x${size}.png`))
    expect([png.width, png.height]).toEqual([size, size])
  })

  it('the PNGs are what the generator makes from build/icon.png (not stale)', () => {
    for (const size of [16, 48, 256]) {
      const expected = PNG.sync.write(resize(source, size))
      expect(read(`build/icons/${size}x${size}.png`).equals(expected), `${size}px`).toBe(true)
    }
  })

  it('build/icon.ico holds one PNG per size, 16 to 256', () => {
    const ico = read('build/icon.ico')
    expect(ico.readUInt16LE(2)).toBe(1)
    expect(ico.readUInt16LE(4)).toBe(ICO_SIZES.length)
    const sizes = ICO_SIZES.map((_size, index) => {
      const entry = 6 + 16 * index
      const length = ico.readUInt32LE(entry + 8)
      const offset = ico.readUInt32LE(entry + 12)
      return PNG.sync.read(ico.subarray(offset, offset + length)).width
    })
    expect(sizes).toEqual(ICO_SIZES)
    const images = ICO_SIZES.map((size) => ({ size, png: read(`build/icons/${size}x${size}.png`) }))
    expect(ico.equals(encodeIco(images))).toBe(true)
  })

  it('build/icon.icns holds the PNG types up to 1024 (512@2x)', () => {
    const icns = read('build/icon.icns')
    expect(icns.toString('ascii', 0, 4)).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const found: Array<[string, number]> = []
    for (let offset = 8; offset < icns.length;) {
      const type = icns.toString('ascii', offset, offset + 4)
      const length = icns.readUInt32BE(offset + 4)
      found.push([type, PNG.sync.read(icns.subarray(offset + 8, offset + length)).width])
      offset += length
    }
    expect(found).toEqual(ICNS_TYPES)
    const entries = ICNS_TYPES.map(([type, size]) => ({
      type,
      png: read(`build/icons/${size}x${size}.png`)
    }))
    expect(icns.equals(encodeIcns(entries))).toBe(true)
  })
})

import { join } from 'node:path'
import { afterEach } from 'vitest'
import {
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeAnthropicOptions
} from '../../../../e2e/fake-anthropic'
import { createServices, type ServiceDeps, type Services } from '../index'
import type { SpaceDescriptor } from '../memory-spaces/space-list'
import { memoryKeychain } from '../secrets/__tests__/memory-keychain'
import { captureLogger } from './helpers'

// The whole app's services (what createServices builds, memory engine included) talking to the
// fake Anthropic API: the setup the service-level chat tests share, closed after each test.

export interface ServicesOnFakeOptions {
  userDataDir: string
  /** The key the fake accepts, given to the app as ANTHROPIC_API_KEY; none: no key set. */
  apiKey?: string
  fake?: FakeAnthropicOptions
  /** Anything else createServices takes (a logger to read, a file picker, …). */
  deps?: Partial<ServiceDeps>
}

/** Starts the fake and the services on it; both are closed after each test. */
export function useServicesOnFake(testName: string) {
  let services: Services | undefined
  let fake: FakeAnthropic | undefined
  afterEach(async () => {
    await services?.dispose()
    await fake?.close()
    services = fake = undefined
  })
  return async function start(
    options: ServicesOnFakeOptions
  ): Promise<{ services: Services; fake: FakeAnthropic; closeServices: () => Promise<void> }> {
    const { apiKey } = options
    fake = await startFakeAnthropic({ ...(apiKey ? { apiKey } : {}), ...options.fake })
    services = await createServices(
      testServiceDeps(testName, options.userDataDir, {
        env: apiKey ? { ANTHROPIC_API_KEY: apiKey } : {},
        anthropic: { baseURL: fake.url },
        ...options.deps
      })
    )
    // For a test that reads what is left on disk once the app has closed.
    const closeServices = async () => {
      await services?.dispose()
      services = undefined
    }
    return { services, fake, closeServices }
  }
}

/** What createServices takes in a test: a keychain in memory, a quiet logger, no key. */
export function testServiceDeps(
  testName: string,
  userDataDir: string,
  deps: Partial<ServiceDeps> = {}
): ServiceDeps {
  return {
    userDataDir,
    keychain: memoryKeychain().keychain,
    keychainService: `Cairn-${testName}-test`,
    openPath: async () => '',
    logger: captureLogger().logger,
    env: {},
    app: { name: 'Cairn', version: 'test', platform: process.platform, electronVersion: null },
    ...deps
  }
}

/**
 * The services without the fake API (useServicesOnFake's keyless sibling): for tests of memory,
 * spaces and projects that send nothing to Anthropic. Disposed after each test.
 */
export function useServices(testName: string) {
  let services: Services | undefined
  afterEach(async () => {
    await services?.dispose()
    services = undefined
  })
  return async function start(
    userDataDir: string,
    deps: Partial<ServiceDeps> = {}
  ): Promise<Services> {
    services = await createServices(testServiceDeps(testName, userDataDir, deps))
    return services
  }
}

/**
 * A project's memory space as the app lays it out: notes in `<root>/.cairn/memories`, the engine's
 * state in `<userDataDir>/spaces/<id>`.
 */
export function spaceInFolder(
  id: string,
  name: string,
  root: string,
  userDataDir: string
): SpaceDescriptor {
  return {
    id,
    name,
    root,
    folder: join(root, '.cairn', 'memories'),
    stateDir: join(userDataDir, 'spaces', id)
  }
}

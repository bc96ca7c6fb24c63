import { join } from 'node:path'
import type { Logger } from '../log/logger'
import type { Keychain } from '../secrets/keychain'
import { createMcpHub } from './hub'
import { createElicitationDesk, type ElicitationDesk } from './elicitations'
import { createMcpService, type McpService } from './mcp-service'
import { createServersFile } from './servers-file'
import { claudeDesktopConfigPath } from './claude-desktop'
import { createOAuthStore } from './oauth/oauth-store'
import { createMcpSignIn } from './oauth/sign-in'
import {
  BUNDLES_FOLDER,
  createBundleInstaller,
  type BundleInstallerDeps
} from './bundles/bundle-installer'

// MCP (issue 37): the servers file, the hub that runs the servers, remote sign-ins, bundles and the
// questions servers ask the user. createServices asks for this once; main starts the servers once
// the window is up (mcp.start()), after createServices has read the file (mcp.load()).

export type { ElicitationDesk } from './elicitations'
export type { McpService } from './mcp-service'

export interface McpDeps {
  userDataDir: string
  /** The app's logs folder: each server's stderr goes to `<logsDir>/mcp`. */
  logsDir: string
  keychain: Keychain
  /** Where servers' secrets and sign-in tokens are kept in the keychain. */
  keychainService: string
  /** The OS browser, for a remote server's sign-in page; absent, a sign-in says none could open. */
  openBrowser?: ((url: string) => Promise<void>) | undefined
  /** One file from an open dialog (a bundle to install). */
  chooseOpenFile?: BundleInstallerDeps['chooseOpenFile']
  /** Claude Desktop's config (tests: a file of their own); default: where Claude Desktop keeps it. */
  claudeDesktopConfig?: string | undefined
  env: Record<string, string | undefined>
  logger: Logger
}

/** The MCP service and the desk where servers' questions wait, wired to each other. */
export function createMcp(deps: McpDeps): { mcp: McpService; elicitations: ElicitationDesk } {
  const { logger, keychain, keychainService } = deps
  // A server's questions for the user (elicitation) wait here, shown in the chat of its call.
  const elicitations = createElicitationDesk({
    serverName: (id) => mcp.servers().find((s) => s.id === id)?.name ?? id,
    logger
  })
  // Remote servers' sign-ins: tokens in the keychain, the sign-in page in the OS browser.
  const signIn = createMcpSignIn({
    store: createOAuthStore({ keychain, keychainService }),
    openBrowser: deps.openBrowser,
    logger
  })
  const mcp = createMcpService({
    hub: createMcpHub({
      logDir: join(deps.logsDir, 'mcp'),
      logger,
      transportOptions: signIn.transportOptions,
      elicit: (server, request, signal) => elicitations.ask(server, request, signal)
    }),
    elicitations,
    file: createServersFile({ dir: deps.userDataDir, keychain, keychainService }),
    claudeDesktopConfig:
      deps.claudeDesktopConfig ?? claudeDesktopConfigPath(process.platform, deps.env),
    signIn,
    bundles: createBundleInstaller({
      dir: join(deps.userDataDir, BUNDLES_FOLDER),
      platform: process.platform,
      path: deps.env.PATH,
      chooseOpenFile: deps.chooseOpenFile,
      logger
    }),
    logger
  })
  return { mcp, elicitations }
}

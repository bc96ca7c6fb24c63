import { CairnError } from '@shared/errors'
import type { SpaceId } from '@shared/memory/spaces'
import type { Services } from '../services'
import type { Handlers } from './registry'

/** The channels of one room: those whose names start with its prefixes. */
type RoomHandlers<Room extends string> = Pick<
  Handlers,
  Extract<keyof Handlers, `${Room}:${string}`>
>

/** Maps each channel of the contract to the service that answers it, one room at a time. */
export function createHandlers(services: Services): Handlers {
  return {
    ...appHandlers(services),
    ...memoryHandlers(services),
    ...secretsHandlers(services),
    ...settingsHandlers(services),
    ...chatHandlers(services),
    ...syncHandlers(services),
    ...quickAskHandlers(services),
    ...backupHandlers(services),
    ...updatesHandlers(services),
    ...tidyHandlers(services),
    ...mcpHandlers(services),
    ...projectsHandlers(services)
  }
}

/** The app's own calls: its info, folders and links, diagnostics, crash reports. */
function appHandlers(services: Services): RoomHandlers<'app'> {
  return {
    'app:info': () => services.app.info(),
    'app:open-memory-folder': () => services.app.openMemoryFolder(),
    'app:diagnostics': () => services.diagnostics.collect(),
    'app:copy-text': ({ text }) => services.app.copyText(text),
    'app:open-external': (input) => services.app.openExternal(input),
    'app:take-links': () => ({ links: services.links.take() }),
    'app:crash-report': () => services.crashReports.build()
  }
}

/** Memory, in each space; what spans spaces (copy, search, the list of spaces, Forget) too. */
function memoryHandlers(services: Services): RoomHandlers<'memory'> {
  const inSpace = (space: SpaceId) => services.spaces.service(space)
  const forgetIn = (space: SpaceId) => services.forgetIn(space)
  return {
    // Each memory call goes to its own space's engine (opened by the registry if closed).
    'memory:list': ({ space, ...input }) => inSpace(space).list(input),
    'memory:read': ({ space, path, refresh }) => inSpace(space).read(path, { refresh }),
    'memory:write': ({ space, ...input }) => inSpace(space).write(input),
    'memory:create': ({ space, ...input }) => inSpace(space).create(input),
    'memory:rename': ({ space, ...input }) => inSpace(space).rename(input),
    'memory:delete': ({ space, path }) => inSpace(space).delete(path),
    'memory:usage': ({ space }) => inSpace(space).usage(),
    'memory:activity': ({ space, ...query }) => inSpace(space).activity(query),
    'memory:expiry-preview': ({ space, days, policy }) =>
      inSpace(space).expiryPreview(days, policy),
    'memory:sweep': ({ space, paths }) => inSpace(space).sweep(paths),
    'memory:archive-list': ({ space }) => inSpace(space).listArchived(),
    'memory:archive-restore': ({ space, ...input }) => inSpace(space).restoreArchived(input),
    'memory:copy-to-space': (input) => services.acrossSpaces.copy(input),
    'memory:search-all': ({ query }) => services.acrossSpaces.search(query),
    'memory:space-settings': ({ space }) => services.spaceSettings.state(space),
    'memory:update-space-settings': (input) => services.spaceSettings.update(input),
    'memory:archive-restore-all': ({ space, ...input }) => inSpace(space).restoreArchivedAll(input),
    'memory:cap-impact': ({ space, ...input }) => inSpace(space).capImpact(input),
    'memory:archive': ({ space, ...input }) => inSpace(space).archive(input),
    'memory:history': ({ space, path }) => inSpace(space).history(path),
    'memory:version-text': async ({ space, hash }) => ({
      text: await inSpace(space).versionText(hash)
    }),
    'memory:revert': ({ space, seq, overwrite }) =>
      inSpace(space).revert(seq, undefined, overwrite),
    // Forget looks beyond memory too (conversations, logs): the default space's for now.
    'memory:find-in-history': ({ space, text }) => forgetIn(space).find(text),
    'memory:forget': ({ space, ...input }) => forgetIn(space).forget(input),
    'memory:forget-at': ({ space, ...input }) => forgetIn(space).forgetAt(input),
    'memory:forget-secrets': ({ space, path }) => inSpace(space).forgetSecrets(path),
    'memory:scan-secrets': ({ space }) => inSpace(space).scanSecrets(),
    'memory:search': ({ space, query, ...page }) => inSpace(space).search(query, page),
    'memory:undone': async ({ space, seqs }) => ({ seqs: await inSpace(space).undone(seqs) }),
    'memory:spaces': () => services.projectCalls.memorySpaces()
  }
}

/** The API key (a test of it is a request: chat makes it). */
function secretsHandlers(services: Services): RoomHandlers<'secrets'> {
  return {
    'secrets:status': () => services.secrets.status(),
    'secrets:set-api-key': (input) => services.secrets.setApiKey(input),
    'secrets:clear-api-key': () => services.secrets.clearApiKey(),
    'secrets:test': (input) => services.chat.testKey(input)
  }
}

/** Settings (the quick-ask shortcut is changed through shortcut:set only). */
function settingsHandlers(services: Services): RoomHandlers<'settings'> {
  return {
    'settings:get': () => services.settings.get(),
    'settings:update': (patch) => {
      // The shortcut is saved only once the system gave it to Cairn: shortcut:set does both.
      if (patch.quickAskShortcut !== undefined)
        throw new CairnError(
          'SETTINGS_INVALID',
          'quickAskShortcut: change the quick-ask shortcut in Settings → General (shortcut:set).'
        )
      return services.settings.update(patch)
    }
  }
}

/** Chat: conversations, replies, models, attachments, damaged files. */
function chatHandlers(services: Services): RoomHandlers<'chat'> {
  return {
    'chat:list-conversations': () => services.chat.listConversations(),
    'chat:search-conversations': (input) => services.chat.searchConversations(input),
    'chat:get-conversation': (input) => services.chat.getConversation(input),
    'chat:create-conversation': (input) => services.chat.createConversation(input),
    'chat:rename-conversation': (input) => services.chat.renameConversation(input),
    'chat:delete-conversation': (input) => services.chat.deleteConversation(input),
    'chat:restore-conversation': (input) => services.chat.restoreConversation(input),
    'chat:set-model': (input) => services.chat.setModel(input),
    'chat:update-conversation': (input) => services.chat.updateConversation(input),
    'chat:set-thinking': (input) => services.chat.setThinking(input),
    'chat:send-message': (input) => services.chat.send(input),
    'chat:stop': (input) => services.chat.stop(input),
    'chat:retry': (input) => services.chat.retry(input),
    'chat:list-models': (input) => services.chat.listModels(input),
    'chat:describe-model': async ({ model }) => ({
      model: await services.chat.describeModel(model)
    }),
    'chat:set-pinned': (input) => services.chat.setPinned(input),
    'chat:export-conversation': (input) => services.chat.exportConversation(input),
    'chat:list-approvals': (input) => services.chat.listApprovals(input),
    'chat:answer-approval': (input) => services.chat.answerApproval(input),
    'chat:edit-message': (input) => services.chat.editMessage(input),
    'chat:regenerate': (input) => services.chat.regenerate(input),
    'chat:continue-reply': (input) => services.chat.continueReply(input),
    'chat:switch-version': (input) => services.chat.switchVersion(input),
    'chat:move-to-project': (input) => services.chat.moveToProject(input),
    'chat:add-attachment': (input) => services.chat.attachments.add(input),
    'chat:pick-attachments': () => services.chat.attachments.pick(),
    'chat:attachment-preview': ({ hash }) => services.chat.attachments.preview(hash),
    'chat:cost-summary': () => services.chat.costSummary(),
    'chat:list-damaged': () => services.chat.listDamaged(),
    'chat:recover-damaged': (input) => services.chat.recoverDamaged(input),
    'chat:dismiss-damaged': (input) => services.chat.dismissDamaged(input),
    'chat:open-conversations-folder': () => services.chat.openConversationsFolder()
  }
}

/** Sync with a Memory Store, per memory space. */
function syncHandlers(services: Services): RoomHandlers<'sync'> {
  return {
    'sync:status': ({ space }) => services.sync.in(space).status(),
    'sync:configure': (input) => services.sync.in(input.space).configureStore(input),
    'sync:now': async ({ space }) => {
      await services.sync
        .in(space)
        .syncNow()
        .catch(() => undefined)
      return services.sync.in(space).status()
    },
    'sync:pause': ({ space, paused }) => services.sync.in(space).pause(paused),
    'sync:disconnect': ({ space }) => services.sync.in(space).disconnect(),
    'sync:resolve': (input) => services.sync.in(input.space).resolve(input),
    'sync:list-stores': ({ space }) => services.sync.in(space).listStores(),
    'sync:approve': ({ space }) => services.sync.in(space).approveWaiting(),
    'sync:decline': ({ space }) => services.sync.in(space).declineWaiting()
  }
}

/** Quick ask: its global shortcut and its small window. */
function quickAskHandlers(services: Services): RoomHandlers<'shortcut' | 'window'> {
  return {
    'shortcut:status': () => services.shortcut.status(),
    'shortcut:set': ({ accelerator }) => services.shortcut.set(accelerator),
    'window:hide-quick-ask': () => services.quickAsk.hide(),
    'window:open-in-main': (input) => services.quickAsk.openInMain(input)
  }
}

/** Export and import of a memory space. */
function backupHandlers(services: Services): RoomHandlers<'backup'> {
  return {
    'backup:export': (input) => services.backups.in(input?.space).exportToFile(),
    'backup:import-preview': (input) => services.backups.in(input?.space).chooseImport(),
    'backup:import': ({ space, ...input }) => services.backups.in(space).importArchive(input)
  }
}

/** Updates of the app. */
function updatesHandlers(services: Services): RoomHandlers<'updates'> {
  return {
    'updates:status': () => services.updates.status(),
    'updates:check': () => services.updates.check(),
    'updates:download': () => services.updates.download(),
    'updates:restart': () => services.updates.restart()
  }
}

/** Memory → Tidy… (issue 39): a dry run of Claude's tidy, reviewed, then applied as one. */
function tidyHandlers(services: Services): RoomHandlers<'tidy'> {
  return {
    // Memory → Tidy… (issue 39): a dry run of Claude's tidy, reviewed, then applied as one.
    'tidy:estimate': (input) => services.tidy.estimate(input),
    'tidy:start': (input) => services.tidy.start(input),
    'tidy:proposal': (input) => services.tidy.proposal(input),
    'tidy:apply': (input) => services.tidy.apply(input),
    'tidy:current': (input) => services.tidy.current(input),
    'tidy:cancel': (input) => services.tidy.cancel(input),
    'tidy:suggestion': (input) => services.tidySuggest.suggestion(input),
    'tidy:dismiss-suggestion': (input) => services.tidySuggest.dismiss(input),
    // A suggested tidy as a Message Batch: sent, polled in the background, reviewed when ready.
    'tidy:batch-start': (input) => services.tidyBatches.send(input),
    'tidy:batch': (input) => services.tidyBatches.batch(input),
    'tidy:batch-review': (input) => services.tidyBatches.review(input),
    'tidy:batch-clear': (input) => services.tidyBatches.clear(input)
  }
}

/** MCP servers: their list, sign-in, prompts, resources and bundles. */
function mcpHandlers(services: Services): RoomHandlers<'mcp'> {
  return {
    'mcp:overview': () => services.mcp.overview(),
    'mcp:preview-import': (input) => services.mcp.previewImport(input),
    'mcp:add-servers': ({ servers }) => services.mcp.addServers(servers),
    'mcp:set-enabled': ({ id, enabled }) => services.mcp.setEnabled(id, enabled),
    'mcp:remove-server': ({ id }) => services.mcp.remove(id),
    'mcp:restart-server': ({ id }) => services.mcp.restart(id),
    'mcp:sign-in': ({ id }) => services.mcp.signIn(id),
    'mcp:cancel-sign-in': ({ id }) => services.mcp.cancelSignIn(id),
    'mcp:sign-out': ({ id }) => services.mcp.signOut(id),
    'mcp:list-elicitations': () => ({ elicitations: services.elicitations.list() }),
    'mcp:answer-elicitation': (input) => services.elicitations.answer(input),
    'mcp:set-tool-approval': ({ server, tool, approval }) =>
      services.mcp.setToolApproval(server, tool, approval),
    'mcp:list-prompts': async (input) =>
      services.mcp.listPrompts(await serversOff(services, input)),
    'mcp:get-prompt': ({ server, name, arguments: args }) =>
      services.mcp.getPrompt(server, name, args),
    'mcp:list-resources': async (input) =>
      services.mcp.listResources(await serversOff(services, input)),
    'mcp:attach-resource': ({ server, uri }) =>
      services.mcp.attachResource(server, uri, services.chat.attachments.addFile),
    'mcp:bundle-preview': (source) => services.mcp.previewBundle(source),
    'mcp:bundle-command': (choice) => services.mcp.bundleCommand(choice),
    'mcp:bundle-install': (choice) => services.mcp.installBundle(choice)
  }
}

/** Projects: their settings, knowledge files and deletion. */
function projectsHandlers(services: Services): RoomHandlers<'projects'> {
  return {
    'projects:list': () => ({ projects: services.projects.all() }),
    'projects:create': (input) => services.projects.create(input),
    'projects:update': (input) => services.projects.update(input),
    'projects:pick-folder': () => services.projectCalls.pickFolder(),
    'projects:delete-preview': ({ id }) => services.projects.deletePreview(id),
    'projects:delete': (input) => services.projects.delete(input),
    'projects:add-knowledge': ({ id }) => services.projectCalls.addKnowledge(id),
    'projects:remove-knowledge': ({ id, hash }) => services.projects.removeKnowledge(id, hash),
    'projects:retry-knowledge': (input) => services.chat.retryKnowledge(input)
  }
}

/** The servers a chat turned off (its composer lists only the prompts and resources of the rest). */
async function serversOff(services: Services, ref: { conversationId: string }): Promise<string[]> {
  const { conversation } = await services.chat.getConversation(ref)
  return conversation.serversOff ?? []
}

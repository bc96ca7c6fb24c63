import type { z } from 'zod'
import { PickAttachmentsOutputSchema } from '../chat/attachments'
import { NoInput } from '../no-input'
import {
  McpAddServersInputSchema,
  McpImportPreviewSchema,
  McpImportSourceSchema,
  McpOverviewSchema,
  McpServerIdInputSchema,
  McpSetEnabledInputSchema,
  McpSetToolApprovalInputSchema
} from './channels'
import {
  McpAttachResourceInputSchema,
  McpChatInputSchema,
  McpGetPromptInputSchema,
  McpPromptListSchema,
  McpPromptTextSchema,
  McpResourceListSchema
} from './prompts'
import {
  McpBundleChoiceSchema,
  McpBundleCommandSchema,
  McpBundlePreviewOutputSchema,
  McpBundleSourceSchema
} from './bundles'
import {
  AnswerElicitationInputSchema,
  AnswerElicitationOutputSchema,
  ElicitationResolvedSchema,
  ListElicitationsOutputSchema,
  PendingElicitationSchema
} from './elicitation'

// The MCP part of the one IPC contract (`contract.ts` spreads it into `channels` and `events`).

export const mcpChannels = {
  // Settings → Tools (issue 37): MCP servers, added from a preview that shows each command line.
  'mcp:overview': { input: NoInput, output: McpOverviewSchema },
  'mcp:preview-import': { input: McpImportSourceSchema, output: McpImportPreviewSchema },
  'mcp:add-servers': { input: McpAddServersInputSchema, output: McpOverviewSchema },
  'mcp:set-enabled': { input: McpSetEnabledInputSchema, output: McpOverviewSchema },
  'mcp:remove-server': { input: McpServerIdInputSchema, output: McpOverviewSchema },
  'mcp:restart-server': { input: McpServerIdInputSchema, output: McpOverviewSchema },
  /** Opens the server's sign-in page in the browser; answers once it is open (or failed). */
  'mcp:sign-in': { input: McpServerIdInputSchema, output: McpOverviewSchema },
  'mcp:cancel-sign-in': { input: McpServerIdInputSchema, output: McpOverviewSchema },
  /** Removes the server's tokens and registration from the keychain. */
  'mcp:sign-out': { input: McpServerIdInputSchema, output: McpOverviewSchema },
  'mcp:set-tool-approval': { input: McpSetToolApprovalInputSchema, output: McpOverviewSchema },
  // The composer: prompts of the chat's servers as slash commands (text the user reviews before
  // sending) and resources attached to the next message (checked as any attachment).
  'mcp:list-prompts': { input: McpChatInputSchema, output: McpPromptListSchema },
  'mcp:get-prompt': { input: McpGetPromptInputSchema, output: McpPromptTextSchema },
  'mcp:list-resources': { input: McpChatInputSchema, output: McpResourceListSchema },
  'mcp:attach-resource': {
    input: McpAttachResourceInputSchema,
    output: PickAttachmentsOutputSchema
  },
  // MCP Bundles: read and previewed (null: the dialog was cancelled), then installed by token.
  'mcp:bundle-preview': { input: McpBundleSourceSchema, output: McpBundlePreviewOutputSchema },
  'mcp:bundle-command': { input: McpBundleChoiceSchema, output: McpBundleCommandSchema },
  'mcp:bundle-install': { input: McpBundleChoiceSchema, output: McpOverviewSchema },
  // A server's question for the user during a tool call (elicitation): listed after a reload,
  // answered by the form in the chat (Submit is checked again in main before the server hears it).
  'mcp:list-elicitations': { input: NoInput, output: ListElicitationsOutputSchema },
  'mcp:answer-elicitation': {
    input: AnswerElicitationInputSchema,
    output: AnswerElicitationOutputSchema
  }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export const mcpEvents = {
  'mcp:changed': McpOverviewSchema,
  'mcp:elicitation-pending': PendingElicitationSchema,
  'mcp:elicitation-resolved': ElicitationResolvedSchema
} as const satisfies Record<string, z.ZodType>

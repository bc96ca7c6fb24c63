import type Anthropic from '@anthropic-ai/sdk'
import { CairnError } from '@shared/errors'

// The words a tidy (live or batch) is refused or fails with, each with the user's next step.

/** The SDK client for the saved key, or the refusal that says where to add one. */
export async function clientOrRefuse(deps: {
  client(): Promise<Anthropic | null>
}): Promise<Anthropic> {
  const client = await deps.client()
  if (!client)
    throw new CairnError('TIDY_REFUSED', 'Add your API key in Settings → General to tidy memory.')
  return client
}

export function noModel(asked: string | undefined): CairnError {
  return new CairnError(
    'TIDY_REFUSED',
    asked
      ? `${asked} cannot run a tidy (the API does not list it as current with context management). Choose another model.`
      : 'No current model the API lists can run a tidy (it needs context management). Check Settings → Models.'
  )
}

export function failureText(error: unknown): string {
  if (error instanceof CairnError) return error.message
  const status = (error as { status?: unknown } | null)?.status
  if (typeof status === 'number')
    return `The API answered ${status}; nothing was changed. Try again later.`
  return 'The tidy stopped on an error; nothing was changed. Try again.'
}

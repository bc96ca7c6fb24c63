import { join } from 'node:path'
import type { Settings } from '@shared/app/settings'
import { createTidyBatches, type TidyBatchDeps } from './batch/desk'
import { createTidySuggester } from './suggest'
import { createTidyService, type TidyServiceDeps } from './tidy-service'

// Memory → Tidy…: a dry-run session on an overlay, reviewed before anything is applied; a
// suggested tidy as a Message Batch (its id in the space's state, polled in the background); and
// the suggestion itself. The three share the spaces, the client, the models and the guard.

/** Tidy sessions' overlay copies of a memory folder (private, emptied at each start). */
export const TIDY_SCRATCH_FOLDER_NAME = 'tidy-scratch'
/** Where a tidy batch's answer is planned (an overlay copy while it is planned, then none). */
export const TIDY_BATCH_SCRATCH_FOLDER_NAME = 'tidy-batch-scratch'

export interface TidyDeps
  extends
    Pick<TidyServiceDeps, 'memoryIn' | 'client' | 'models' | 'logger'>,
    Pick<TidyBatchDeps, 'stateDirOf' | 'spaces' | 'setTimer' | 'clearTimer'> {
  /** The app's data folder (the scratch folders live in it). */
  dataDir: string
  /** The app's settings as they are now (the secret guard, the suggestion's thresholds). */
  settings(): Pick<Settings, 'secretGuard' | 'tidySuggest'>
}

/** Builds the tidy service, its batch desk (started: it picks up batches still waiting) and the suggester. */
export async function startTidy(deps: TidyDeps) {
  const { memoryIn, client, models, logger } = deps
  const secretGuard = () => deps.settings().secretGuard
  const tidy = createTidyService({
    memoryIn,
    client,
    models,
    secretGuard,
    scratchRoot: join(deps.dataDir, TIDY_SCRATCH_FOLDER_NAME),
    logger
  })
  const tidyBatches = createTidyBatches({
    tidy,
    memoryIn,
    client,
    models,
    secretGuard,
    stateDirOf: deps.stateDirOf,
    spaces: deps.spaces,
    scratchRoot: join(deps.dataDir, TIDY_BATCH_SCRATCH_FOLDER_NAME),
    setTimer: deps.setTimer,
    clearTimer: deps.clearTimer,
    logger
  })
  await tidyBatches.start()
  const tidySuggest = createTidySuggester({
    memoryIn,
    settings: () => deps.settings().tidySuggest
  })
  return { tidy, tidyBatches, tidySuggest }
}

import type { Services } from '../services'
import type { Handlers } from './registry'

/** Maps each channel of the contract to the service that answers it. */
export function createHandlers(services: Services): Handlers {
  return {
    'app:info': () => services.app.info(),
    'app:open-memory-folder': () => services.app.openMemoryFolder(),
    'secrets:status': () => services.secrets.status(),
    'secrets:set-api-key': (input) => services.secrets.setApiKey(input),
    'secrets:clear-api-key': () => services.secrets.clearApiKey(),
    'settings:get': () => services.settings.get(),
    'settings:update': (patch) => services.settings.update(patch)
  }
}

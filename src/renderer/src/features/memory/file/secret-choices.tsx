import type { UserSecretsChoice } from '@shared/memory/memory'

/** The answers to the secret guard's warning on a save (the warning itself names the kinds and lines). */
export function SecretChoices({ onSave }: { onSave(choice: UserSecretsChoice): void }) {
  return (
    <>
      <button type="button" className="button" onClick={() => onSave('redact')}>
        Redact and save
      </button>
      <button type="button" className="button button--quiet" onClick={() => onSave('allow')}>
        Save anyway
      </button>
    </>
  )
}

import { WEB_DOMAINS_MAX } from '@shared/app/web-domains'
import { Card } from '../../../components/card'
import { Field } from '../../../components/field'
import type { FieldGroupProps } from '../field-group'
import { fieldId } from '../field-labels'
import { pinnedLines } from '../settings-draft'

/** Which sites web search and web fetch may use, in chats that turn them on. */
export function WebFields({ draft, errors, onChange }: FieldGroupProps) {
  const both = pinnedLines(draft.webAllowed).length > 0 && pinnedLines(draft.webBlocked).length > 0
  return (
    <Card
      title="Web search and fetch"
      description="Off in every chat until you turn it on in the chat's header, and only with models that take it. Searches are billed by Anthropic ($10 per 1,000)."
    >
      <Field
        id={fieldId('webAllowed')}
        label="Only these sites"
        wide
        error={errors.webAllowed}
        help={`One site per line, e.g. wikipedia.org or docs.python.org/3. Empty: any site. At most ${WEB_DOMAINS_MAX}.`}
      >
        {(control) => (
          <textarea
            {...control}
            className="input input--mono"
            rows={3}
            spellCheck={false}
            value={draft.webAllowed}
            onChange={(event) => onChange('webAllowed', event.currentTarget.value)}
          />
        )}
      </Field>
      <Field
        id={fieldId('webBlocked')}
        label="Never these sites"
        wide
        error={errors.webBlocked}
        help={
          both
            ? 'Both lists are set: Anthropic takes one or the other, so only "Only these sites" applies.'
            : 'One site per line. Used when "Only these sites" is empty.'
        }
      >
        {(control) => (
          <textarea
            {...control}
            className="input input--mono"
            rows={3}
            spellCheck={false}
            value={draft.webBlocked}
            onChange={(event) => onChange('webBlocked', event.currentTarget.value)}
          />
        )}
      </Field>
    </Card>
  )
}

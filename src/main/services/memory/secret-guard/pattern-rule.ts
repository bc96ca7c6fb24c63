import type { SecretLintRuleCreator, SecretLintSourceCode } from '@secretlint/types'

/** The span of a match to report, or null to let it pass. */
export type Accept = (match: RegExpMatchArray) => [start: number, end: number] | null

export function patternRule(id: string, pattern: RegExp, accept: Accept): SecretLintRuleCreator {
  return {
    messages: { FOUND: { en: () => 'found a secret' } },
    meta: { id, type: 'scanner', recommended: true, supportedContentTypes: ['text'] },
    create(context) {
      const t = context.createTranslator({ FOUND: { en: () => 'found a secret' } })
      return {
        file(source: SecretLintSourceCode) {
          for (const match of source.content.matchAll(pattern)) {
            const range = accept(match)
            if (range) context.report({ message: t('FOUND'), range })
          }
        }
      }
    }
  }
}

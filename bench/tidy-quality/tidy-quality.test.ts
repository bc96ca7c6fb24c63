import { describe, expect, it } from 'vitest'
import { DEFAULT_SEED, folderBytes, generateMessyFolder, JOURNAL_BYTES } from './messy-folder'
import questionSet from './questions.json'
import { isAnswered, parseAnswers, parseQuestionSet, questionPrompt, scoreAnswers } from './score'

// The opt-in quality script's committed parts (no API): the folder generator and the scoring.

const questions = parseQuestionSet(questionSet)

describe('the messy folder generator', () => {
  it('gives the same bytes for the same seed, and other filler for another', () => {
    expect(generateMessyFolder()).toEqual(generateMessyFolder(DEFAULT_SEED))
    expect(JSON.stringify(generateMessyFolder(7))).toBe(JSON.stringify(generateMessyFolder(7)))
    expect(generateMessyFolder(7)['journal.md']).not.toBe(generateMessyFolder(8)['journal.md'])
  })

  it('holds every expected answer, for any seed, and the mess a tidy should clear', () => {
    for (const seed of [DEFAULT_SEED, 1, 2024]) {
      const folder = generateMessyFolder(seed)
      const all = Object.values(folder).join('\n').toLowerCase()
      for (const q of questions) expect(all, q.question).toContain(q.answer.toLowerCase())
      // Duplicates across files, an outdated value beside each dated newer one, an oversized file.
      const phoneFiles = Object.values(folder).filter((text) => text.includes('555 0143'))
      expect(phoneFiles.length).toBeGreaterThanOrEqual(3)
      for (const q of questions.filter((q) => q.outdated))
        expect(all, q.question).toContain(q.outdated!.toLowerCase())
      expect(Buffer.byteLength(folder['journal.md']!)).toBeGreaterThanOrEqual(JOURNAL_BYTES)
      expect(folderBytes(folder)).toBeGreaterThan(JOURNAL_BYTES)
    }
  })
})

describe('scoring', () => {
  const address = questions.find((q) => q.outdated === 'Larch Road')!

  it('counts an answer holding the expected text, whatever its case', () => {
    expect(isAnswered({ question: 'q', answer: 'Lapsang Souchong' }, 'lapsang souchong.')).toBe(
      true
    )
    expect(isAnswered({ question: 'q', answer: 'aisle' }, 'AISLE, facing forward')).toBe(true)
    expect(isAnswered({ question: 'q', answer: 'aisle' }, 'window')).toBe(false)
    expect(isAnswered({ question: 'q', answer: 'aisle' }, undefined)).toBe(false)
  })

  it('does not count an answer that gives the outdated value', () => {
    expect(isAnswered(address, '5 Wharf Street, Todmorden')).toBe(true)
    expect(isAnswered(address, '12 Larch Road; 5 wharf street')).toBe(false)
  })

  it('reads numbered answers and gives the share answered', () => {
    const answers = parseAnswers(
      'Here you go:\n1. 0161 555 0143\n**2.** 5 Wharf Street\n3) unknown'
    )
    expect([...answers]).toEqual([
      [1, '0161 555 0143'],
      [2, '5 Wharf Street'],
      [3, 'unknown']
    ])
    const score = scoreAnswers(questions, answers)
    expect(score.answered.slice(0, 3)).toEqual([true, true, false])
    expect(score.share).toBeCloseTo(2 / questions.length)
  })

  it('asks every question, numbered, after the files', () => {
    const prompt = questionPrompt('<file path="/memories/a.md">\nx\n</file>', questions)
    expect(prompt.indexOf('<file')).toBeLessThan(prompt.indexOf('1. '))
    expect(prompt).toContain(`${questions.length}. ${questions.at(-1)!.question}`)
  })
})

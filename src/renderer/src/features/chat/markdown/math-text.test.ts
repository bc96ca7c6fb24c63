import { describe, expect, it } from 'vitest'
import { mayHaveMath, prepareMath } from './math-text'

describe('prepareMath', () => {
  it('leaves text without delimiters untouched', () => {
    expect(prepareMath('Plain *text*, no formulas.')).toBe('Plain *text*, no formulas.')
    expect(mayHaveMath('Plain text')).toBe(false)
  })

  it('escapes prices so they are not read as math', () => {
    expect(prepareMath('It costs $5 and $10.')).toBe('It costs \\$5 and \\$10.')
    expect(prepareMath('Budget $1,200.50, or $3k/month; $5-$10')).toBe(
      'Budget \\$1,200.50, or \\$3k/month; \\$5-\\$10'
    )
  })

  it('keeps formulas that start with a digit or a letter', () => {
    expect(prepareMath('Solve $2x+1 = 5$ and $x^2$.')).toBe('Solve $2x+1 = 5$ and $x^2$.')
    expect(prepareMath('About $12.57$ (it cost $5)')).toBe('About $12.57$ (it cost \\$5)')
    expect(prepareMath('Half is $\\frac{1}{2}$ and $3$ is odd')).toBe(
      'Half is $\\frac{1}{2}$ and $3$ is odd'
    )
  })

  it('turns backslash delimiters into dollars', () => {
    expect(prepareMath('Inline \\(a+b\\) and \\[c\\] here')).toBe('Inline $$a+b$$ and $$c$$ here')
    expect(prepareMath('\\[\nE = mc^2\n\\]\n')).toBe('$$\nE = mc^2\n$$\n')
  })

  it('never touches code: fenced blocks or inline spans', () => {
    const fenced = '```sh\necho $5 \\(x\\)\n```\nThen $5 more'
    expect(prepareMath(fenced)).toBe('```sh\necho $5 \\(x\\)\n```\nThen \\$5 more')
    expect(prepareMath('Run `cost=$5` for $5')).toBe('Run `cost=$5` for \\$5')
  })

  it('does not double-escape an escaped dollar', () => {
    expect(prepareMath('Already \\$5 escaped')).toBe('Already \\$5 escaped')
  })
})

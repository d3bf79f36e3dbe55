import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, test } from 'vitest'
import { REFUSAL_MESSAGES } from '@shared/contract'
import { AR, AR_REFUSALS } from '@shared/i18n/ar'
import { EN } from '@shared/i18n/catalogues'

/** A message's arguments and tags by name, and the plural categories each plural offers. */
function shape(elements: MessageFormatElement[], into = new Map<string, string[]>()) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    if (element.type === TYPE.tag) {
      into.set(`<${element.value}>`, [])
      shape(element.children, into)
      continue
    }
    const options = 'options' in element ? element.options : {}
    into.set(element.value, element.type === TYPE.plural ? Object.keys(options).sort() : [])
    for (const option of Object.values(options)) shape(option.value, into)
  }
  return into
}

const ARABIC_PLURALS = new Intl.PluralRules('ar').resolvedOptions().pluralCategories

describe('the message catalogues (issue 59)', () => {
  test('Arabic has words for every refusal code of the server, and for no other', () => {
    expect(Object.keys(AR_REFUSALS).sort()).toEqual(Object.keys(REFUSAL_MESSAGES).sort())
    for (const words of Object.values(AR_REFUSALS)) expect(() => parse(words)).not.toThrow()
  })

  test('Arabic has every message English has, and no other', () => {
    expect(Object.keys(AR).sort()).toEqual(Object.keys(EN).sort())
  })

  test.each(Object.keys(EN) as (keyof typeof EN)[])(
    '%s: Arabic takes the same arguments and tags, with all six plural forms',
    (id) => {
      const english = shape(parse(EN[id]))
      const arabic = shape(parse(AR[id]))
      expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort())
      for (const [name, categories] of arabic) {
        if (english.get(name)!.length === 0) continue
        expect(categories, `${name}'s plural forms`).toEqual(
          expect.arrayContaining([...ARABIC_PLURALS]),
        )
      }
    },
  )
})

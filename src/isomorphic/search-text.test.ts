import { describe, expect, test } from 'vitest'
import { addToVocabulary, allTermsIn, canonical, correctedQuery, editDistance, foldText, queryTerms, searchableWords, singular, type Vocabulary, wordsOf } from './search-text'

describe('the words of a search', () => {
  test('fold case and accents', () => {
    expect(foldText('Classic Piqué Polo')).toBe('classic pique polo')
    expect(foldText('CRÈME Brûlée')).toBe('creme brulee')
  })

  test('bring the trade’s phrases to one word, drop apostrophes, and keep hyphenated words whole and in parts', () => {
    expect(wordsOf('Hi-Vis Short Sleeve Tee')).toEqual(['hivis', 'short', 'sleeve', 'tee'])
    expect(wordsOf('high visibility vest')).toEqual(['hivis', 'vest'])
    expect(wordsOf('hi viz')).toEqual(['hivis'])
    expect(wordsOf('T-Shirts')).toEqual(['tee'])
    expect(wordsOf('t shirt')).toEqual(['tee'])
    expect(wordsOf('Women’s Quarter-Zip')).toEqual(['womens', 'quarter', 'zip', 'quarterzip'])
    expect(wordsOf('Hoodies & Sweatshirts')).toEqual(['hoodies', 'sweatshirts'])
  })

  test('compare words in the singular, so that a plural and its singular agree', () => {
    for (const [plural, one] of [
      ['polos', 'polo'],
      ['tees', 'tee'],
      ['caps', 'cap'],
      ['boxes', 'box'],
      ['dresses', 'dress'],
      ['accessories', 'accessory'],
    ]) {
      expect(singular(plural!), plural).toBe(one)
    }
    expect(singular('hoodies')).toBe(singular('hoodie'))
    expect(singular('beanies')).toBe(singular('beanie'))
    for (const word of ['class', 'vis', 'bus', 'tee', '3xl']) expect(singular(word)).toBe(word)
  })

  test('give the words of one meaning one word', () => {
    expect(canonical('sweatshirts')).toBe(canonical('hoodie'))
    expect(canonical('hats')).toBe('cap')
    expect(canonical('gray')).toBe('grey')
    expect(canonical('tshirt')).toBe('tee')
  })

  test('find a query when each of its words starts a word of the product, in any of its forms', () => {
    const words = searchableWords(['Midweight Pullover Hoodie', 'RA700', 'True Navy', 'Hoodies & Sweatshirts'])
    expect(allTermsIn(words, queryTerms('navy hoodies'))).toBe(true)
    expect(allTermsIn(words, queryTerms('sweatshirt'))).toBe(true)
    expect(allTermsIn(words, queryTerms('hood'))).toBe(true)
    expect(allTermsIn(words, queryTerms('ra7'))).toBe(true)
    expect(allTermsIn(words, queryTerms('navy polo'))).toBe(false)
    // A word inside another word is not a word start.
    expect(allTermsIn(words, queryTerms('weight'))).toBe(false)
    // A phrase being typed still finds it.
    const hiVis = searchableWords(['Hi-Vis Beanie', 'NF440'])
    for (const query of ['hi', 'hi v', 'hi vi', 'hi vis', 'hi-vis', 'high visibility']) expect(allTermsIn(hiVis, queryTerms(query)), query).toBe(true)
  })
})

describe('the nearest search', () => {
  test('counts letters added, dropped, changed and swapped, stopping past the limit', () => {
    expect(editDistance('hoodie', 'hoodie', 2)).toBe(0)
    expect(editDistance('hodie', 'hoodie', 2)).toBe(1)
    expect(editDistance('hoodei', 'hoodie', 2)).toBe(1)
    expect(editDistance('jaket', 'jacket', 2)).toBe(1)
    expect(editDistance('polo', 'jacket', 2)).toBe(3)
  })

  test('replaces each unknown word by the nearest catalog word, as the catalog spells it', () => {
    const vocabulary: Vocabulary = new Map()
    for (const text of ['Classic Piqué Polo', 'Soft Shell Jacket', 'Cuffed Knit Beanie']) addToVocabulary(vocabulary, text, true)
    for (const text of ['True Navy', 'Harbor & Pine', 'Harbor & Pine']) addToVocabulary(vocabulary, text, false)
    const known = (word: string) => ['navy', 'polo', 'jacket'].includes(word)
    expect(correctedQuery('navy jaket', vocabulary, known)).toBe('navy jacket')
    // "pine" is as near, but a brand's word: a product's name wins the tie.
    expect(correctedQuery('piqe', vocabulary, known)).toBe('piqué')
    expect(correctedQuery('navy polo', vocabulary, known)).toBeNull()
    expect(correctedQuery('zzzz', vocabulary, known)).toBeNull()
    expect(correctedQuery('polo zzzz', vocabulary, known)).toBe('polo')
  })
})

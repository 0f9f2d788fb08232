import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { languageQuery, pageQuery } from '../../src/domain/queries.ts'

describe('list query schemas', () => {
  it('defaults a missing or empty language to zhCn and accepts ja and en', () => {
    expect(v.parse(languageQuery, {})).toEqual({ language: 'zhCn' })
    expect(v.parse(languageQuery, { language: '' })).toEqual({ language: 'zhCn' })
    expect(v.parse(languageQuery, { language: 'ja' })).toEqual({ language: 'ja' })
    expect(v.parse(languageQuery, { language: 'en' })).toEqual({ language: 'en' })
  })

  it('rejects any other language', () => {
    for (const language of ['zh', 'zh-CN', 'EN', 'fr']) {
      expect(v.safeParse(languageQuery, { language }).success, language).toBe(false)
    }
  })

  it('pages from 1 with 30 a page by default, and 1 to 100 a page', () => {
    expect(v.parse(pageQuery, {})).toEqual({ pageNum: 1, pageSize: 30 })
    expect(v.parse(pageQuery, { pageNum: '3', pageSize: '100' })).toEqual({ pageNum: 3, pageSize: 100 })
    expect(v.parse(pageQuery, { pageSize: '1' })).toEqual({ pageNum: 1, pageSize: 1 })
  })

  it.each([
    [{ pageNum: '0' }, 'pageNum'],
    [{ pageNum: '-1' }, 'pageNum'],
    [{ pageNum: '1.5' }, 'pageNum'],
    [{ pageSize: '101' }, 'pageSize'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ pageSize: 'all' }, 'pageSize'],
  ])('rejects %o, naming %s', (query, field) => {
    const result = v.safeParse(pageQuery, query)
    expect(result.success).toBe(false)
    expect(result.issues?.[0] && v.getDotPath(result.issues[0])).toBe(field)
  })
})

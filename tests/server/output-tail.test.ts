import { describe, expect, it } from 'vitest'
import { OutputTail } from '../../scripts/cluster/child-process.ts'

describe("npm run cluster's output tail of each process", () => {
  it('keeps the last characters up to its limit, whatever the chunks', () => {
    const tail = new OutputTail(10)
    for (const chunk of ['line 1\n', 'line 2\n', 'a much longer line 3\n', 'x']) tail.append(chunk)
    expect(tail.text()).toBe('r line 3\nx')
    expect(tail.lastLines(2)).toEqual(['r line 3', 'x'])
  })

  it('holds everything below the limit, and a long run of chunks stays bounded', () => {
    const tail = new OutputTail(1000)
    tail.append('first\n')
    tail.append('second\n')
    expect(tail.text()).toBe('first\nsecond\n')
    for (let i = 0; i < 10_000; i++) tail.append(`request ${i}\n`)
    expect(tail.text()).toHaveLength(1000)
    expect(tail.lastLines(1)).toEqual(['request 9999'])
  })
})

import { describe, expect, it } from 'vitest'
import { auditVerdict } from '../../scripts/audit/verdict.ts'

describe('the production audit’s verdict', () => {
  it('fails on a high or a critical advisory, naming the packages', () => {
    const verdict = auditVerdict({
      metadata: { vulnerabilities: { low: 1, high: 1, critical: 1 } },
      vulnerabilities: {
        'left-pad': { severity: 'low' },
        'some-parser': { severity: 'high' },
        'some-server': { severity: 'critical' },
      },
    })
    expect(verdict).toEqual({
      kind: 'serious',
      counts: { low: 1, high: 1, critical: 1 },
      packages: [
        { name: 'some-parser', severity: 'high' },
        { name: 'some-server', severity: 'critical' },
      ],
    })
  })

  it('passes with moderate and low advisories only', () => {
    const verdict = auditVerdict({
      metadata: { vulnerabilities: { moderate: 2 } },
      vulnerabilities: { a: { severity: 'moderate' }, b: { severity: 'moderate' } },
    })
    expect(verdict.kind).toBe('clean')
  })

  it('never calls an error answer clean: it is unchecked, with the registry’s reason', () => {
    const verdict = auditVerdict({ statusCode: 405, message: '405 Method Not Allowed' })
    expect(verdict).toEqual({ kind: 'unchecked', reason: '405 405 Method Not Allowed' })
  })
})

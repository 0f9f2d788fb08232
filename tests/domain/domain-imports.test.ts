import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const domainDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/domain')
/** Packages the pure rules may use: validation only. */
const allowedPackages = ['valibot']

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  )
}

function importsOf(source: string): string[] {
  const patterns = [
    /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g, // import … from '…', export … from '…'
    /import\s+['"]([^'"]+)['"]/g, // import '…'
    /import\(\s*['"]([^'"]+)['"]\s*\)/g, // import('…')
  ]
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].flatMap((m) => (m[1] ? [m[1]] : [])))
}

describe('src/domain', () => {
  const files = sourceFiles(domainDir)

  it('has rules to check', () => {
    expect(files.length).toBeGreaterThan(10)
  })

  it('imports nothing outside itself but valibot', () => {
    const outside: string[] = []
    for (const file of files) {
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        const inside =
          specifier.startsWith('.') &&
          !relative(domainDir, resolve(dirname(file), specifier)).startsWith('..')
        if (!inside && !allowedPackages.includes(specifier))
          outside.push(`${relative(domainDir, file)} → ${specifier}`)
      }
    }
    expect(outside).toEqual([])
  })

  it('uses no browser, network or Node globals', () => {
    const globals =
      /\b(window|document|localStorage|fetch|process|Buffer|require|navigator|XMLHttpRequest)\b[.(]/
    const offenders = files.filter((file) =>
      globals.test(readFileSync(file, 'utf8').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')),
    )
    expect(offenders.map((file) => relative(domainDir, file))).toEqual([])
  })
})

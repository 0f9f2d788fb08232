/**
 * Writes src/routeTree.gen.ts from src/routes/ before typecheck and tests, the same way the Vite
 * plugin does during a build (same generator, same options), so a fresh clone typechecks.
 */
import { Generator, getConfig } from '@tanstack/router-generator'

const root = process.cwd()
const config = getConfig({ target: 'react', autoCodeSplitting: true }, root)
await new Generator({ config, root }).run()

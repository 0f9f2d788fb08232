import { defineConfig } from 'drizzle-kit'

// `drizzle-kit generate` needs only these; the server applies the migrations itself at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})

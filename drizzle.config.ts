import { defineConfig } from 'drizzle-kit'

// Migrations are generated against the schema only; the app applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
})

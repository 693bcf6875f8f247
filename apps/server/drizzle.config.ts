import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The server's own tables, and every catalogue entity's table.
  schema: ['./src/db/schema/index.ts', '../../packages/entities/src/**/*.ts'],
  out: './drizzle',
  casing: 'snake_case',
});

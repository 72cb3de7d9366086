// The resilience suite is about PostgreSQL (connections cut, servers killed): without it there is nothing to run.
export default function requirePostgres() {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error('npm run test:resilience needs PostgreSQL: set TEST_DATABASE_URL to an admin URL, e.g. postgres://postgres@127.0.0.1:5432/postgres')
  }
}

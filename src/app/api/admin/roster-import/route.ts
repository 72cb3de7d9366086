// The roster import's large-body route: src/web/endpoints/roster-import-endpoint.ts (issue 16).
export { rosterImport as POST } from '@/web/endpoints/roster-import-endpoint'

export const dynamic = 'force-dynamic'

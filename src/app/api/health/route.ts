// GET /api/health: liveness (the process answers); GET /api/health?ready: readiness (the database answers).
import { checkReadiness } from '@/server/health/health-service'

export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  if (!new URL(request.url).searchParams.has('ready')) {
    return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
  }
  const readiness = await checkReadiness()
  return Response.json(readiness, {
    status: readiness.status === 'ok' ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  })
}

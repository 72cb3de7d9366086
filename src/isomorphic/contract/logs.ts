import { z } from './zod'

// POST /api/logs: what a browser reports to the server log.

export const CLIENT_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const

export const ClientLogSchema = z.object({
  message: z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters'),
  level: z.enum(CLIENT_LOG_LEVELS, { error: `must be one of ${CLIENT_LOG_LEVELS.join(', ')}` }),
})
export type ClientLog = z.infer<typeof ClientLogSchema>
export type ClientLogLevel = ClientLog['level']

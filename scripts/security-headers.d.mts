import type { IncomingMessage, ServerResponse } from 'node:http'

export type SecurityHeaderOptions = { production: boolean; publicOrigin: string | undefined }
type RequestLike = Pick<IncomingMessage, 'headers' | 'url'> & { socket?: unknown }

export declare function trustedClientHeaders(request: RequestLike, options: { trustProxy: boolean }): void

export declare function contentSecurityPolicy(options: { secure: boolean }): string
export declare const HSTS: string
export declare function isHttps(request: RequestLike, options: { publicOrigin: string | undefined }): boolean
export declare function securityHeaders(request: RequestLike, options: SecurityHeaderOptions): Record<string, string>
export declare const SECURITY_HEADER_NAMES: string[]
export declare function withSecurityHeaders(request: RequestLike, response: ServerResponse, options: SecurityHeaderOptions): void

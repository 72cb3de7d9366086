import type { IncomingMessage, ServerResponse } from 'node:http'

export type SecurityHeaderOptions = { production: boolean; publicOrigin: string | undefined }
type RequestLike = Pick<IncomingMessage, 'headers' | 'url'> & { socket?: unknown }

type ProxyRequestLike = RequestLike & Pick<IncomingMessage, 'rawHeaders'>
export type TrustProxy = boolean | number
export declare function clientAddress(request: RequestLike, options: { trustProxy: TrustProxy }): string | null
export declare function trustedClientHeaders(request: ProxyRequestLike, options: { trustProxy: TrustProxy }): void
export declare function trustProxySetting(value: string | undefined): TrustProxy

export declare function contentSecurityPolicy(options: { secure: boolean }): string
export declare const HSTS: string
export declare function isHttps(request: RequestLike, options: { publicOrigin: string | undefined }): boolean
export declare function securityHeaders(request: RequestLike, options: SecurityHeaderOptions): Record<string, string>
export declare const SECURITY_HEADER_NAMES: string[]
export declare function withSecurityHeaders(request: RequestLike, response: ServerResponse, options: SecurityHeaderOptions): void

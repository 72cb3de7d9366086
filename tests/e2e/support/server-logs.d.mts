export declare const SERVER_LOG_DIR: string
export declare const STORE_NAMES: readonly string[]
export declare function serverLogFile(store: string): string
export declare const SECRETS_FILE: string
export declare function rememberSecret(what: string, value: unknown): void

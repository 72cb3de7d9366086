export declare const CONSOLE_FIXTURES_FILE: string
export declare const FIXTURE_WEBHOOK_SECRETS: readonly string[]

export declare const MAIN_STORE_SESSION_SECRET: string

export declare const MAIN_STORE_SESSION_SECRET: string
export declare const LOCKED_STORE_SESSION_SECRET: string

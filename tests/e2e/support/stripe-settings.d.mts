export declare const E2E_STRIPE: { port: number; secretKey: string; webhookSecret: string; webhookUrl: string }
export declare function stripeEnv(): Record<string, string>

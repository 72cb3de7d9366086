// Types of oidc-provider.mjs for the TypeScript tests that start it in-process.
export type AccountClaims = { email?: string; email_verified?: boolean; name?: string; given_name?: string; family_name?: string }
export type ClientSettings = { client_id: string; client_secret: string; redirect_uris: string[]; token_endpoint_auth_method?: string }
export type ProviderOptions = {
  port?: number
  host?: string
  clients: ClientSettings[]
  accounts?: Record<string, AccountClaims>
  acceptAnyLogin?: boolean
  /** Logins named 'id-token-<fault>.…@…' get a spoiled ID token (wrong-signature, wrong-issuer, wrong-audience, wrong-nonce, expired, unsigned). */
  spoilIdTokens?: boolean
}
export type RunningProvider = { issuer: string; accounts: Map<string, AccountClaims>; close: () => Promise<void> }
export function startOidcProvider(options: ProviderOptions): Promise<RunningProvider>

// The keys the main and the locked test stores sign access tokens with (tests/e2e/serve.mjs sets
// SESSION_SECRET), so the security suite can forge tokens that differ from genuine ones in one claim
// only. Test use only.
export const MAIN_STORE_SESSION_SECRET = 'e2e-main-store-signing-key--tests-only--0b7c5e'
export const LOCKED_STORE_SESSION_SECRET = 'e2e-locked-store-signing-key--tests-only--4d19a2'

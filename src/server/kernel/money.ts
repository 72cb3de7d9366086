// The server reads money through the one money module the browser uses too.
export { type Cents, fromCents, toCents } from '@/isomorphic/money'

import { z } from 'zod'

// The contract's schemas are built in the browser too, and zod compiles a fast parser for each
// object schema with `new Function` unless told not to: it probes for eval when the schema is
// built. The store's Content-Security-Policy forbids eval (decision 015), so in the browser that
// probe is a reported violation on every page that imports the contract. There zod runs jitless
// (the parsers it would compile matter only for the server's hot path); on the server it keeps its
// compiled parsers. Every contract file takes `z` from here, so this runs before any schema is built.
if (typeof window !== 'undefined') z.config({ jitless: true })

export { z }
